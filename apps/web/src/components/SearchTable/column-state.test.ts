import { afterEach, describe, expect, it } from 'vitest';
import { savedColumnSettings, visibleColumnKeys } from './column-state';

const COLUMNS = [
  { key: 'name' },
  { key: 'id', fixed: 'left' as const },
  { key: 'city' },
  { key: 'remark' },
  { key: 'actions', fixed: 'right' as const },
];

describe('column state', () => {
  afterEach(() => localStorage.clear());

  it('should list the shown columns as the table shows them: left-fixed first, right-fixed last', () => {
    expect(visibleColumnKeys(COLUMNS, { remark: { show: false } })).toEqual([
      'id',
      'name',
      'city',
      'actions',
    ]);
  });

  it('should follow the dragged order and a column fixed by the user', () => {
    const settings = {
      name: { order: 2 },
      city: { order: 0 },
      remark: { order: 1, fixed: 'right' as const },
      id: { order: 3 },
    };
    // As ProTable sorts them: a column without an order counts as 0 among those with one.
    expect(visibleColumnKeys(COLUMNS, settings)).toEqual(['id', 'city', 'name', 'actions', 'remark']);
  });

  it('should read the saved layout over the defaults, and the defaults when nothing or garbage is saved', () => {
    const defaults = { remark: { show: false } };
    expect(savedColumnSettings('k', defaults)).toBe(defaults);
    localStorage.setItem('k', '{not json');
    expect(savedColumnSettings('k', defaults)).toBe(defaults);
    localStorage.setItem('k', JSON.stringify({ remark: { show: true, order: 1 }, city: { show: false } }));
    expect(savedColumnSettings('k', defaults)).toEqual({
      remark: { show: true, order: 1 },
      city: { show: false },
    });
  });
});
