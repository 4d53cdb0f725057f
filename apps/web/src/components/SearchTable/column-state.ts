/** A column's entry in ProTable's column settings, as it keeps them in local storage. */
export interface ColumnSetting {
  show?: boolean;
  order?: number;
  fixed?: 'left' | 'right';
}

export type ColumnSettings = Record<string, ColumnSetting>;

/** The settings saved for a table, over its defaults; the defaults alone when none or unreadable. */
export function savedColumnSettings(storageKey: string, defaults: ColumnSettings): ColumnSettings {
  try {
    const saved = window.localStorage.getItem(storageKey);
    if (!saved) return defaults;
    const parsed = JSON.parse(saved) as ColumnSettings;
    const keys = new Set([...Object.keys(defaults), ...Object.keys(parsed)]);
    return Object.fromEntries([...keys].map((key) => [key, { ...defaults[key], ...parsed[key] }]));
  } catch {
    return defaults;
  }
}

/**
 * The keys of the columns the table shows, in the order it shows them: ProTable's own order (left-fixed
 * columns first, right-fixed last, then the dragged order, else the declared one).
 */
export function visibleColumnKeys(
  columns: readonly { key: string; fixed?: 'left' | 'right' }[],
  settings: ColumnSettings,
): string[] {
  const side = (fixed: ColumnSetting['fixed']) => (fixed === 'left' ? 0 : fixed === 'right' ? 2 : 1);
  return columns
    .map((column, index) => ({ ...column, index, setting: settings[column.key] ?? {} }))
    .filter(({ setting }) => setting.show !== false)
    .sort((a, b) => {
      const bySide = side(a.setting.fixed ?? a.fixed) - side(b.setting.fixed ?? b.fixed);
      if (bySide !== 0) return bySide;
      if (a.setting.order !== undefined || b.setting.order !== undefined) {
        return (a.setting.order ?? 0) - (b.setting.order ?? 0);
      }
      return a.index - b.index;
    })
    .map(({ key }) => key);
}
