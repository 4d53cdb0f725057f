import { describe, expect, it } from 'vitest';
import { fromRouteResourceFilter, toRouteResourceFilter } from './resource-type-filter.js';

describe('toRouteResourceFilter', () => {
  it('should map CS_DC to CS with has_dc', () => {
    expect(toRouteResourceFilter(['CS_DC'])).toEqual({ resourceTypes: 'CS', csChargerTypeOption: 'has_dc' });
  });

  it('should map CS_AC to CS with has_ac', () => {
    expect(toRouteResourceFilter(['CS_AC'])).toEqual({ resourceTypes: 'CS', csChargerTypeOption: 'has_ac' });
  });

  it('should map both piles to CS with all', () => {
    expect(toRouteResourceFilter(['CS_AC', 'CS_DC'])).toEqual({
      resourceTypes: 'CS',
      csChargerTypeOption: 'all',
    });
  });

  it('should keep PS and join several types with a pipe', () => {
    expect(toRouteResourceFilter(['PS'])).toEqual({ resourceTypes: 'PS' });
    expect(toRouteResourceFilter(['PS', 'CS_DC'])).toEqual({
      resourceTypes: 'CS|PS',
      csChargerTypeOption: 'has_dc',
    });
  });
});

describe('fromRouteResourceFilter', () => {
  it.each([[['CS_DC']], [['CS_AC']], [['CS_DC', 'CS_AC', 'PS']], [['PS']]] as const)(
    'should give back %j',
    (types) => {
      expect(fromRouteResourceFilter(toRouteResourceFilter(types))).toEqual(types);
    },
  );
});
