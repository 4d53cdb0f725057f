// Its own module so the web client's router can name the route without loading the road-book schemas.

/** Where the mobile view of a shared road book opens (a web route outside the tenant areas, no session). */
export const ROAD_BOOK_SHARE_PATH = '/route-planning';
export const roadBookShareUrl = (token: string): string =>
  `${ROAD_BOOK_SHARE_PATH}/${encodeURIComponent(token)}`;
