import { describe, expect, it } from 'vitest';
import { RuleError } from '../shared/rule-error.js';
import {
  chargingDiscountRulesFromWire,
  chargingDiscountRulesToWire,
  initDiscountTemplate,
  validateChargingDiscountRules,
  type ChargingDiscountRules,
} from './charging-discount.js';

const rules = (overrides: Partial<ChargingDiscountRules> = {}): ChargingDiscountRules => ({
  userRole: 'default',
  discountType: 2,
  timesharing: [{ start: '00:00', end: '24:00', discount: 85 }],
  ...overrides,
});

describe('initDiscountTemplate', () => {
  it("should fail with 'A tenant ID is required' without a tenant", () => {
    expect(() => initDiscountTemplate(undefined)).toThrow(new RuleError({ key: 'discount.tenantRequired' }));
    expect(() => initDiscountTemplate('')).toThrow('A tenant ID is required');
  });

  it('should refuse an unknown tenant the same way', () => {
    expect(() => initDiscountTemplate('acme')).toThrow('A tenant ID is required');
  });

  it('should start with everyone, a promotional price and one all-day slot', () => {
    expect(initDiscountTemplate('pe')).toEqual({
      tenant: 'pe',
      userRoles: ['default'],
      rules: { userRole: 'default', discountType: 1, timesharing: [{ start: '00:00', end: '24:00' }] },
    });
  });

  it('should offer nio all roles', () => {
    expect(initDiscountTemplate('nio').userRoles).toEqual([
      'default',
      'intentional_owner',
      'pre_owner',
      'vehicle_owner',
    ]);
  });
});

describe('validateChargingDiscountRules', () => {
  it('should accept a valid percent discount', () => {
    expect(validateChargingDiscountRules(rules())).toEqual([]);
  });

  it('should check the main list by the discount type and name the list', () => {
    expect(validateChargingDiscountRules(rules({ discountType: 1 }))).toEqual([
      { key: 'form.required', params: { range: 1, list: 'timesharing' } },
    ]);
  });

  it('should check the service and electricity lists by their own kind', () => {
    const problems = validateChargingDiscountRules(
      rules({
        timesharingElecPrice: [{ start: '00:00', end: '12:00', price: 1 }],
        timesharingServiceDiscount: [{ start: '00:00', end: '24:00', discount: 120 }],
        timesharingServicePrice: [],
      }),
    );
    expect(problems).toEqual([
      { key: 'timeSharing.lastEnd', params: { range: 1, list: 'timesharingElecPrice' } },
      { key: 'form.maxNumber', params: { max: 100, range: 1, list: 'timesharingServiceDiscount' } },
    ]);
  });
});

describe('discount conversion', () => {
  it('should send percentages as ratios with 2 decimals and load them back', () => {
    const wire = chargingDiscountRulesToWire(
      rules({ timesharingElecDiscount: [{ start: '00:00', end: '24:00', discount: 77.5 }] }),
    );
    expect(wire.timesharing).toEqual([{ start: '00:00', end: '24:00', discount: 0.85 }]);
    expect(wire.timesharingElecDiscount).toEqual([{ start: '00:00', end: '24:00', discount: 0.78 }]);
    expect(chargingDiscountRulesFromWire(wire).timesharing).toEqual([
      { start: '00:00', end: '24:00', discount: 85 },
    ]);
  });

  it('should leave prices alone', () => {
    const priced = rules({ discountType: 1, timesharing: [{ start: '00:00', end: '24:00', price: 1.2 }] });
    expect(chargingDiscountRulesToWire(priced)).toEqual(priced);
  });
});
