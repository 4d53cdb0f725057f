import { useMemo } from 'react';
import { Cascader, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionNode } from '@cmp/domain/stations/regions';
import { toCascadeOptions, useRegions } from '../../../components/lookups';

/** The nodes from the province down to `regionId`, or nothing when the tree does not hold it. */
export function regionPathOf(tree: readonly RegionNode[], regionId: string): RegionNode[] {
  for (const node of tree) {
    if (node.regionId === regionId) return [node];
    const below = regionPathOf(node.children ?? [], regionId);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

export interface RegionCascaderProps {
  /** The most precise region chosen (a district, or a city without districts). */
  value?: string | null;
  onChange?: (regionId: string | null) => void;
  readOnly?: boolean;
  /** What to show while the tree loads, or when it does not know the region: the server's label. */
  fallbackLabel?: string | null;
  'aria-label'?: string;
}

/** Province → city → district as one field whose value is the last region picked. */
export function RegionCascader({
  value,
  onChange,
  readOnly = false,
  fallbackLabel,
  'aria-label': ariaLabel,
}: RegionCascaderProps) {
  const { t } = useTranslation('stationDetail');
  const regions = useRegions();
  const tree = regions.data;
  const options = useMemo(() => toCascadeOptions(tree ?? []), [tree]);
  const path = useMemo(() => (tree && value ? regionPathOf(tree, value) : []), [tree, value]);

  if (readOnly) {
    const label = path.length > 0 ? path.map((node) => node.name).join('/') : fallbackLabel;
    return <Typography.Text>{label || '-'}</Typography.Text>;
  }
  return (
    <Cascader
      aria-label={ariaLabel}
      options={options}
      loading={regions.isPending}
      value={path.map((node) => node.regionId)}
      placeholder={t('placeholder.region')}
      showSearch
      allowClear
      onChange={(next) => onChange?.(next?.length ? String(next[next.length - 1]) : null)}
    />
  );
}
