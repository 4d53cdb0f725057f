import dayjs from 'dayjs';

/** Wire times are epoch milliseconds; screens show them to the second in the viewer's zone. */
export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

export const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '-' : value;
