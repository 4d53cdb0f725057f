import { describe, expect, it } from 'vitest';
import {
  POWER_CHARGERS_PAGE_NO,
  POWER_CHARGERS_PAGE_SIZE,
  REMOTE_OPERATION_STATUS_FILTER,
} from './remote-operations.js';

describe('remote operations', () => {
  it("should filter the remote operation lists by the statuses '0,3'", () => {
    expect(REMOTE_OPERATION_STATUS_FILTER).toBe('0,3');
  });

  it('should query the power chargers of a group as page 1 of 100', () => {
    expect(POWER_CHARGERS_PAGE_NO).toBe(1);
    expect(POWER_CHARGERS_PAGE_SIZE).toBe(100);
  });
});
