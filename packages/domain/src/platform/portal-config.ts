import { z } from 'zod';

/** Settings of the deployment the web client needs; the same for every tenant. */
export const PortalConfigSchema = z.object({
  /** Leaflet URL template of the map tiles; null when the deployment has none (markers on a plain map). */
  tileUrl: z.string().nullable(),
  /** The credit the tile provider requires, shown on the map; null without tiles. */
  tileAttribution: z.string().nullable(),
  /** The largest file the server takes in one upload (UPLOAD_MAX_MB): screens refuse bigger ones before sending. */
  uploadMaxBytes: z.number().int().positive(),
  /**
   * The share of the car's maximum range (%) a route plan keeps on every arrival when the planning form
   * names no reserve (ROUTE_ARRIVAL_RESERVE_PERCENT): the form shows what that comes to.
   */
  routeArrivalReservePercent: z.number().min(0).max(100),
});
export type PortalConfig = z.infer<typeof PortalConfigSchema>;
