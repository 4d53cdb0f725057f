import { useState, type CSSProperties, type ReactNode } from 'react';
import { Tooltip } from 'antd';

const ONE_LINE: CSSProperties = {
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

const clamped = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: lines,
  overflow: 'hidden',
  wordBreak: 'break-word',
});

/**
 * A cell's content cut with an ellipsis after one line (or `lines`); a cut cell shows all of it (or
 * `tooltip`) in a tooltip. The tooltip is only mounted once the pointer finds the cell cut: a tooltip and a
 * measurement in every cell (antd's Typography ellipsis) took the longest part of a list's first render,
 * 0.3–0.7 s for 20 rows on a slow machine (docs/performance.md).
 */
export function EllipsisCell({
  children,
  lines = 1,
  tooltip = children,
}: {
  children: ReactNode;
  lines?: number;
  tooltip?: ReactNode;
}) {
  const [cut, setCut] = useState(false);
  if (children === null || children === undefined || children === '') return '-';
  const text = (
    <span
      style={lines === 1 ? ONE_LINE : clamped(lines)}
      onMouseEnter={({ currentTarget: cell }) =>
        setCut(cell.scrollWidth > cell.clientWidth || cell.scrollHeight > cell.clientHeight)
      }
    >
      {children}
    </span>
  );
  return cut ? (
    <Tooltip title={tooltip} placement="topLeft" defaultOpen>
      {text}
    </Tooltip>
  ) : (
    text
  );
}
