import { describe, expect, it } from 'vitest';
import { reportDiff } from './report-diff';
import { nearbyStation } from './test-report-detail';
import { report } from './test-reports';

const rowOf = (rows: ReturnType<typeof reportDiff>, field: string) => rows.find((r) => r.field === field);

describe('reportDiff', () => {
  it('should mark the fields where report and station say different things', () => {
    const rows = reportDiff(report(1), nearbyStation('CS-1', { dcEquipmentNumber: 6 }));
    expect(rowOf(rows, 'operator')).toEqual({
      field: 'operator',
      report: 'Operator One',
      station: 'Star Charge',
      differs: true,
    });
    expect(rowOf(rows, 'dcEquipmentNumber')).toMatchObject({ report: 2, station: 6, differs: true });
    expect(rowOf(rows, 'acPower')).toMatchObject({ report: 7, station: 7, differs: false });
  });

  it('should not count case, blanks or a value the report leaves out as a difference', () => {
    const rows = reportDiff(
      report(1, { stationName: '  reported   STATION 1 ', parkNums: null }),
      nearbyStation('CS-1'),
    );
    expect(rowOf(rows, 'stationName')?.differs).toBe(false);
    expect(rowOf(rows, 'parkNums')).toMatchObject({ report: null, station: 10, differs: false });
  });

  it('should take the other operator name when the report names no known operator', () => {
    const rows = reportDiff(
      report(1, { operatorId: null, operatorName: null, otherOperatorName: 'star charge' }),
      nearbyStation('CS-1'),
    );
    expect(rowOf(rows, 'operator')).toMatchObject({ report: 'star charge', differs: false });
  });

  it('should call positions different only beyond the duplicate radius', () => {
    expect(
      rowOf(reportDiff(report(1), nearbyStation('CS-1', { distance: 200 })), 'coordinates')?.differs,
    ).toBe(false);
    expect(
      rowOf(reportDiff(report(1), nearbyStation('CS-1', { distance: 201 })), 'coordinates'),
    ).toMatchObject({
      report: '121.5, 31.2',
      station: '121.5003, 31.2002',
      differs: true,
    });
  });

  it('should compare hours and fees only when the station has them', () => {
    const without = reportDiff(report(1), nearbyStation('CS-1'));
    expect(without.map((r) => r.field)).not.toContain('businessHours');
    const rows = reportDiff(
      report(1, { electricityFee: '1.20' }),
      nearbyStation('CS-1', { businessHours: '00:00-24:00', electricityFee: '0.80' }),
    );
    expect(rowOf(rows, 'businessHours')).toMatchObject({ differs: false });
    expect(rowOf(rows, 'electricityFee')).toMatchObject({ report: '1.20', station: '0.80', differs: true });
    expect(rows.map((r) => r.field)).not.toContain('serviceFee');
  });
});
