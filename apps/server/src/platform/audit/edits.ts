import { isDeepStrictEqual } from 'node:util';
import { ruleMessage, type MessageKey } from '@cmp/domain/messages/format';
import { AppError } from '../http/app-error.js';

/** The before and after of the fields a save really changes; fields it leaves out or repeats are not in it. */
export interface FieldChanges<T> {
  before: Partial<T>;
  after: Partial<T>;
  changed: (keyof T)[];
}

export function changedFields<T extends object>(stored: T, given: Partial<T>): FieldChanges<T> {
  const changes: FieldChanges<T> = { before: {}, after: {}, changed: [] };
  for (const key of Object.keys(given) as (keyof T)[]) {
    const value = given[key];
    if (value === undefined || isDeepStrictEqual(value, stored[key])) continue;
    changes.before[key] = stored[key];
    changes.after[key] = value;
    changes.changed.push(key);
  }
  return changes;
}

/** 409 with the record's own message when the editor started from an older version than the one stored. */
export function assertVersion(stored: number, given: number, conflict: MessageKey): void {
  if (stored !== given) throw AppError.conflict(ruleMessage(conflict));
}
