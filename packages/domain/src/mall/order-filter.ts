export interface OrderScreenFilter {
  /** Picker timestamps in ms. */
  createTimeRange?: readonly [number, number];
}

/** The order service takes the creation range as one `from,to` value. */
export function toOrderListQuery<F extends object>(
  screen: F & OrderScreenFilter,
): Omit<F, 'createTimeRange'> & { createTimeRange?: string } {
  const { createTimeRange, ...rest } = screen;
  return createTimeRange ? { ...rest, createTimeRange: createTimeRange.join(',') } : rest;
}
