import { z } from 'zod';
import { LatitudeSchema, LongitudeSchema } from './contract-fields.js';

/** Not a province a station can be in (the GB/T 2260 code for overseas); left out of every picker. */
export const EXCLUDED_PROVINCE_CODE = '910000';

export interface RegionNode {
  regionId: string;
  name: string;
  children?: RegionNode[];
}
export const RegionNodeSchema: z.ZodType<RegionNode> = z.lazy(() =>
  z.object({ regionId: z.string(), name: z.string(), children: z.array(RegionNodeSchema).optional() }),
);
export const RegionTreeSchema = z.object({ items: z.array(RegionNodeSchema) });

export const ReverseGeocodeQuerySchema = z.object({
  longitude: z.coerce.number().pipe(LongitudeSchema),
  latitude: z.coerce.number().pipe(LatitudeSchema),
});

/** Region ids from province down; `regionId` is the most precise one found. */
export const ReverseGeocodeResultSchema = z.object({
  regionId: z.string(),
  provinceId: z.string(),
  provinceName: z.string(),
  cityId: z.string().nullable(),
  cityName: z.string().nullable(),
  districtId: z.string().nullable(),
  districtName: z.string().nullable(),
  /** Province/city/district names joined by '/'. */
  region: z.string(),
});
export type ReverseGeocodeResult = z.infer<typeof ReverseGeocodeResultSchema>;

/** Stations in a region, counted at each level: a province's count holds its cities', a city's its districts'. */
export const RegionStationCountSchema = z.object({ regionId: z.string(), stationCount: z.number().int() });
export type RegionStationCount = z.infer<typeof RegionStationCountSchema>;
/** Regions without stations are left out. */
export const RegionStationCountsSchema = z.object({ items: z.array(RegionStationCountSchema) });
