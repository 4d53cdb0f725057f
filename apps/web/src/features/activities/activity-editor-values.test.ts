import { describe, expect, it } from 'vitest';
import { activityProblems } from '@cmp/domain/activities/activity-contracts';
import {
  activityFormValues,
  editorFieldOf,
  newActivityValues,
  toActivityFields,
} from './activity-editor-values';
import { activity } from './test-activities';

const WINDOW = { beginTime: 1_000, endTime: 2_000 };

describe('activity editor values', () => {
  it('should send only the rules with a value, and a graded rule with its steps', () => {
    const fields = toActivityFields('graded_charging_activity', {
      ...newActivityValues('graded_charging_activity', 'nio'),
      ...WINDOW,
      activityName: ' 阶梯 ',
      gradient: [
        { degree: 10, rewardCode: '11', rewardNumber: 1 },
        { degree: 5, rewardCode: '12', rewardNumber: 2 },
      ],
    });
    expect(fields.activityName).toBe('阶梯');
    expect(fields.activityRules).toEqual([
      {
        ruleKey: 'graded_charging_degree',
        ruleValue: '',
        gradient: [
          { degree: 10, rewardType: 'pe_coupon', rewardCode: '11', rewardNumber: 1 },
          { degree: 5, rewardType: 'pe_coupon', rewardCode: '12', rewardNumber: 2 },
        ],
      },
    ]);
    // The domain's own check names the second step, which the editor shows on that row's kWh.
    const [problem] = activityProblems(fields);
    expect(problem?.path).toBe('activityRules.0.gradient.1.degree');
    expect(editorFieldOf(problem!.path, fields)).toEqual(['gradient', 1, 'degree']);
  });

  it('should leave out empty optional rules and map a missing required one to its field', () => {
    const fields = toActivityFields('scenario_activity', {
      ...newActivityValues('scenario_activity', 'nio'),
      ...WINDOW,
      activityName: '场景',
      businessModule: '3',
      rules: { basic_point: null },
    });
    expect(fields.activityRules).toEqual([]);
    expect(fields.businessModule).toBe('3');
    expect(editorFieldOf('body.activityRules', fields, { rule: 'basic_point' })).toEqual([
      'rules',
      'basic_point',
    ]);
    expect(editorFieldOf('body.chargingDiscountRules.0.timesharing.1', fields)).toEqual([
      'discounts',
      0,
      'timesharing',
    ]);
    expect(editorFieldOf('body.tenantId', fields)).toBeUndefined();
  });

  it('should keep on each slot only the number its discount type uses', () => {
    const fields = toActivityFields('charging_discount', {
      ...newActivityValues('charging_discount', 'nio'),
      ...WINDOW,
      activityName: '折扣',
      discounts: [
        {
          userRole: 'default',
          discountType: 2,
          discountActCostShare: undefined,
          timesharing: [{ start: '00:00', end: '24:00', price: 1.2, discount: 85 }],
        },
      ],
    });
    expect(fields.chargingDiscountRules).toEqual([
      {
        userRole: 'default',
        discountType: 2,
        timesharing: [{ start: '00:00', end: '24:00', discount: 0.85 }],
      },
    ]);
  });
  it('should edit the part lists in percent, send them as ratios and leave an emptied one out', () => {
    const values = activityFormValues(
      activity(3, {
        activityType: 'charging_discount',
        chargingDiscountRules: [
          {
            userRole: 'default',
            discountType: 1,
            timesharing: [{ start: '00:00', end: '24:00', price: 1.2 }],
            timesharingElecPrice: [{ start: '00:00', end: '24:00', price: 0.8 }],
            timesharingServiceDiscount: [
              { start: '00:00', end: '08:00', discount: 0.85 },
              { start: '08:00', end: '24:00', discount: 0.9 },
            ],
            timesharingElecDiscount: [{ start: '00:00', end: '24:00', discount: 0.95 }],
          },
        ],
      }),
    );
    const [rule] = values.discounts;
    expect(rule?.timesharingServiceDiscount?.map((slot) => slot.discount)).toEqual([85, 90]);
    const fields = toActivityFields('charging_discount', {
      ...values,
      discounts: [
        {
          ...rule!,
          // A price typed into a discount list before is not sent with it.
          timesharingServiceDiscount: [
            { start: '00:00', end: '08:00', discount: 85, price: 3 },
            { start: '08:00', end: '24:00', discount: 90 },
          ],
          timesharingElecDiscount: [],
        },
      ],
    });
    expect(fields.chargingDiscountRules).toEqual([
      {
        userRole: 'default',
        discountType: 1,
        timesharing: [{ start: '00:00', end: '24:00', price: 1.2 }],
        timesharingElecPrice: [{ start: '00:00', end: '24:00', price: 0.8 }],
        timesharingServiceDiscount: [
          { start: '00:00', end: '08:00', discount: 0.85 },
          { start: '08:00', end: '24:00', discount: 0.9 },
        ],
      },
    ]);
    expect(fields.chargingDiscountRules[0]).not.toHaveProperty('timesharingElecDiscount');
    expect(activityProblems(fields)).toEqual([]);
    expect(editorFieldOf('body.chargingDiscountRules.0.timesharingElecPrice.1', fields)).toEqual([
      'discounts',
      0,
      'timesharingElecPrice',
    ]);
  });
});
