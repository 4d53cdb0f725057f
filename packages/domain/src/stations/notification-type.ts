/** The notification service only knows the upper-case `V2G`; staff type it any way they like. */
export const normalizeNotificationType = (type: string): string =>
  type.toLowerCase() === 'v2g' ? 'V2G' : type;
