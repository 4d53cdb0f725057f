import type { ReactNode } from 'react';
import type { FieldChange } from './history-diff';
import styles from './HistoryTab.module.css';

/**
 * The before/after table of one operation record, shared by the station history and the comment
 * history: a row per field, the changed ones marked, unchanged ones dimmed.
 */
export function ChangeTable({
  changes,
  headers,
  fieldName,
  show,
}: {
  changes: readonly FieldChange[];
  headers: { field: string; before: string; after: string };
  fieldName: (field: string) => string;
  show: (field: string, value: unknown) => ReactNode;
}) {
  return (
    <table className={styles.diff}>
      <thead>
        <tr>
          <th>{headers.field}</th>
          <th>{headers.before}</th>
          <th>{headers.after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} className={change.changed ? undefined : styles.unchanged}>
            <th scope="row">{change.field === '' ? '-' : fieldName(change.field)}</th>
            {/* A side with no value (a field added or cleared) is not marked as removed or added text. */}
            <td className={change.changed && change.before != null ? styles.before : undefined}>
              {show(change.field, change.before)}
            </td>
            <td className={change.changed && change.after != null ? styles.after : undefined}>
              {show(change.field, change.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
