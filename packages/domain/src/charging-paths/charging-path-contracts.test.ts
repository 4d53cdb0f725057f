import { describe, expect, it } from 'vitest';
import {
  ChargingPathListQuerySchema,
  ChargingPathPlanSchema,
  ChargingPathRatingSchema,
} from './charging-path-contracts.js';

const plan = {
  accountId: ' ACC1 ',
  ratedRange: 400,
  currentRange: 150,
  origin: { name: '上海虹桥站', longitude: 121.32, latitude: 31.19 },
  destination: { name: '杭州西湖', longitude: 120.15, latitude: 30.25 },
};

describe('charging path contracts', () => {
  it("should plan with the road-book planner's defaults and the recommended plan unless told", () => {
    expect(ChargingPathPlanSchema.parse(plan)).toMatchObject({
      accountId: 'ACC1',
      tag: 'recommended',
      waypoints: [],
      tactics: 0,
      csSearchRange: 5,
      maxDetourFactor: 1.2,
      resourceTypes: 'CS|PS',
      checkDestinationResource: false,
    });
  });

  it('should refuse a current range above the rated one, and ranges that are not whole kilometres', () => {
    const above = ChargingPathPlanSchema.safeParse({ ...plan, currentRange: 401 });
    expect(above.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['currentRange']);
    expect(ChargingPathPlanSchema.safeParse({ ...plan, ratedRange: 0, currentRange: 0 }).success).toBe(false);
    expect(ChargingPathPlanSchema.safeParse({ ...plan, currentRange: 150.5 }).success).toBe(false);
  });

  it('should take ratings of 1 to 5 stars, comma-joined in a list query', () => {
    expect(ChargingPathRatingSchema.safeParse({ rating: 5, text: ' 好 ' }).data).toEqual({
      rating: 5,
      text: '好',
    });
    expect(ChargingPathRatingSchema.safeParse({ rating: 6 }).success).toBe(false);
    expect(ChargingPathListQuerySchema.parse({ commentaryRating: '1,2' }).commentaryRating).toEqual([1, 2]);
    expect(ChargingPathListQuerySchema.safeParse({ commentaryRating: '1,9' }).success).toBe(false);
    expect(ChargingPathListQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
  });
});
