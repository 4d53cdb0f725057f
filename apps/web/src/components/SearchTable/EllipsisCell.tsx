import { useState, type CSSProperties, type ReactNode } from 'react';
import { Tooltip } from 'antd';

const ONE_LINE: CSSProperties = {
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * A cell's content on one line, cut with an ellipsis; a cut cell shows all of it in a tooltip. The tooltip
 * is only mounted once the pointer finds the cell cut: a tooltip and a measurement in every cell (antd's
 * Typography ellipsis) took the longest part of a list's first render, 0.3–0.7 s for 20 rows on a slow
 * machine (docs/performance.md).
 */
export function EllipsisCell({ children }: { children: ReactNode }) {
  const [cut, setCut] = useState(false);
  if (children === null || children === undefined || children === '') return '-';
  const text = (
    <span
      style={ONE_LINE}
      onMouseEnter={(event) => setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth)}
    >
      {children}
    </span>
  );
  return cut ? (
    <Tooltip title={children} placement="topLeft" defaultOpen>
      {text}
    </Tooltip>
  ) : (
    text
  );
}
