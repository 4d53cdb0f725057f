import { describe, expect, it } from 'vitest';
import { ONLY_SERVICE_AREA_POWER, onlyProductFeature } from './planning-resource-types.js';
import {
  POWER_FEATURES,
  POWER_PRODUCTS,
  PowerFeatureSchema,
  productOfFeature,
  productsServed,
} from './power-features.js';
import { RoutePlanningRequestSchema } from './road-book.js';

describe('power features', () => {
  it('should offer only_service_area_power and only_{product} for every product', () => {
    expect(POWER_FEATURES).toEqual([ONLY_SERVICE_AREA_POWER, ...POWER_PRODUCTS.map(onlyProductFeature)]);
    expect(POWER_FEATURES.map(productOfFeature)).toEqual([null, 'nio', 'onvo', 'firefly']);
    expect(PowerFeatureSchema.safeParse('only_tesla').success).toBe(false);
  });

  it('should read the products a station serves from its matching cars and a NIO-run operator', () => {
    expect(productsServed({ matchCars: '蔚来,乐道,萤火虫' })).toEqual(['nio', 'onvo', 'firefly']);
    expect(productsServed({ matchCars: '蔚来ES8、ET7' })).toEqual(['nio']);
    expect(productsServed({ matchCars: 'NIO ET5; Firefly' })).toEqual(['nio', 'firefly']);
    // "All models" and car classes name no product; a Latin name counts only as a whole word.
    expect(productsServed({ matchCars: '全车型' })).toEqual([]);
    expect(productsServed({ matchCars: 'Union taxis, onvoy' })).toEqual([]);
    expect(productsServed({ matchCars: null })).toEqual([]);
    expect(productsServed({ matchCars: null, controlledByNio: true })).toEqual(['nio']);
    expect(productsServed({ matchCars: '乐道', controlledByNio: true })).toEqual(['nio', 'onvo']);
  });

  it('should take power features in a planning request and refuse unknown ones and more than there are', () => {
    const base = {
      originPoint: { longitude: 118, latitude: 30 },
      destinationPoint: { longitude: 118, latitude: 33 },
    };
    expect(
      RoutePlanningRequestSchema.parse({ ...base, powerFeatures: ['only_service_area_power', 'only_nio'] })
        .powerFeatures,
    ).toEqual(['only_service_area_power', 'only_nio']);
    expect(RoutePlanningRequestSchema.parse(base).powerFeatures).toBeUndefined();
    const unknown = RoutePlanningRequestSchema.safeParse({ ...base, powerFeatures: ['only_'] });
    expect(unknown.error?.issues.map((i) => i.path.join('.'))).toEqual(['powerFeatures.0']);
    const tooMany = RoutePlanningRequestSchema.safeParse({
      ...base,
      powerFeatures: Array.from({ length: 5 }, () => 'only_nio'),
    });
    expect(tooMany.success).toBe(false);
  });
});
