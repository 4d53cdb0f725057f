import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '@cmp/domain/stations/business-hours';
import { ReportOnlineSchema } from '@cmp/domain/stations/crowdsourced-stations';
import {
  chargerRowsOf,
  feePeriodsFromText,
  onlineFormOf,
  onlineRequestOf,
  openingHoursFromText,
} from './online-form';
import { report } from './test-reports';

describe('going-online form', () => {
  it('should read fee periods written the way the portal writes them', () => {
    expect(feePeriodsFromText('电费:00:00~08:00:0.80,08:00~24:00:1.20')).toEqual([
      { start: '00:00', end: '08:00', fee: 0.8 },
      { start: '08:00', end: '24:00', fee: 1.2 },
    ]);
  });

  it('should take a lone price for the whole day and leave anything else for the reviewer', () => {
    expect(feePeriodsFromText('1.5元/度')).toEqual([{ start: '00:00', end: '24:00', fee: 1.5 }]);
    expect(feePeriodsFromText('峰 1.5 谷 0.6')).toEqual([{ start: '00:00', end: '24:00', fee: null }]);
    expect(feePeriodsFromText(null)).toEqual([{ start: '00:00', end: '24:00', fee: null }]);
    // Overlapping periods are not a fee list the server takes.
    expect(feePeriodsFromText('00:00~12:00:1,10:00~24:00:2')).toEqual([
      { start: '00:00', end: '24:00', fee: null },
    ]);
  });

  it('should open every day at the hours a report names, else all day', () => {
    const hours = openingHoursFromText('8:00-12:00, 13:00至22:00');
    expect(hours.openList).toHaveLength(7);
    expect(hours.openList[6]).toEqual({
      dayOfWeek: 7,
      isOpen: true,
      timeRanges: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '22:00' },
      ],
    });
    expect(openingHoursFromText('24小时营业')).toEqual(defaultOpeningHours());
    expect(openingHoursFromText('22:00-06:00')).toEqual(defaultOpeningHours());
  });

  it('should make a charger row per current type the report has', () => {
    expect(chargerRowsOf(report(1))).toEqual([
      { equipmentType: 'DC', count: 2, power: 120 },
      { equipmentType: 'AC', count: 4, power: 7 },
    ]);
    expect(chargerRowsOf(report(1, { acEquipmentNumber: 0, dcPower: 0, dcEquipmentNumber: 500 }))).toEqual([
      { equipmentType: 'DC', count: 200, power: null },
    ]);
  });

  it('should fill the form from the report, the operator only when the network knows it', () => {
    const known = onlineFormOf(report(1, { siteGuide: 'B2 层' }), ['OP-1']);
    expect(known).toMatchObject({
      resourceName: 'Reported station 1',
      operatorId: 'OP-1',
      regionId: '310115',
      address: '1 Century Avenue',
      guide: 'B2 层',
      parkNumbers: 10,
    });
    expect(onlineFormOf(report(1), ['OP-2']).operatorId).toBeUndefined();
  });

  it('should make a request the contract takes from a completed form', () => {
    const values = onlineFormOf(report(1, { electricityFee: '1.2', serviceFee: '0.8' }), ['OP-1']);
    const request = onlineRequestOf(values, 3);
    expect(ReportOnlineSchema.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({
      electricityFee: [{ start: '00:00', end: '24:00', fee: 1.2 }],
      chargers: [
        { equipmentType: 'DC', count: 2, power: 120 },
        { equipmentType: 'AC', count: 4, power: 7 },
      ],
      version: 3,
    });
  });
});
