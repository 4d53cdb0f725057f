import { describe, expect, it } from 'vitest';
import { ChargeStationBasicInfoSaveSchema } from '@cmp/domain/stations/charge-station-info';
import { SwapStationBasicInfoSaveSchema } from '@cmp/domain/stations/swap-station-info';
import { toChargeStationForm, toChargeStationSave } from './charge-station-form';
import { exclusiveNone } from './station-fields';
import {
  toSwapParkingForm,
  toSwapParkingSave,
  toSwapQueueAdjustSave,
  toSwapStationForm,
  toSwapStationSave,
} from './swap-station-form';
import { chargeStationInfo, operatorInfo, swapStationInfo } from './test-stations';

describe('charge station form', () => {
  const info = chargeStationInfo({ bizScenes: [{ code: 2, desc: 'Highway' }] });
  const initial = toChargeStationForm(info, operatorInfo('CS-1', { remark: 'old' }));

  it('should send nothing when nothing changed', () => {
    expect(toChargeStationSave(initial, { ...initial }, info.version)).toEqual({
      basicInfo: null,
      operatorInfo: null,
    });
  });

  it('should send only the changed fields with the version it was edited from', () => {
    const electricityFee = [{ start: '00:00', end: '24:00', fee: 0.88 }];
    const save = toChargeStationSave(
      initial,
      { ...initial, resourceName: 'New name', electricityFee },
      info.version,
    );
    expect(save.basicInfo).toEqual({
      resourceName: 'New name',
      electricityFee,
      version: 3,
      operationExtData: undefined,
    });
    expect(save.operatorInfo).toBeNull();
    expect(ChargeStationBasicInfoSaveSchema.safeParse(save.basicInfo).success).toBe(true);
  });

  it('should send a cleared text as null and ignore blanks around an unchanged one', () => {
    const save = toChargeStationSave(
      initial,
      { ...initial, description: '  ', address: ` ${initial.address ?? ''} ` },
      info.version,
    );
    expect(save.basicInfo).toEqual({ description: null, version: 3, operationExtData: undefined });
  });

  it('should treat reordered keys of the business hours as no change', () => {
    const reordered = {
      openList: initial.businessHours.openList.map(({ timeRanges, isOpen, dayOfWeek }) => ({
        timeRanges,
        isOpen,
        dayOfWeek,
      })),
      timezone: initial.businessHours.timezone,
    };
    expect(toChargeStationSave(initial, { ...initial, businessHours: reordered }, 3).basicInfo).toBeNull();
  });

  it('should show a station without scenes as none and send none as empty', () => {
    const bare = toChargeStationForm(chargeStationInfo({ bizScenes: [] }), undefined);
    expect(bare.bizScenes).toEqual([-1]);
    expect(initial.bizScenes).toEqual([2]);
    const save = toChargeStationSave(initial, { ...initial, bizScenes: [-1] }, 3);
    expect(save.basicInfo?.bizScenes).toEqual(['']);
    expect(toChargeStationSave(bare, { ...bare, bizScenes: [4, 5] }, 3).basicInfo?.bizScenes).toEqual([4, 5]);
  });

  it('should save remark and picture visibility as operator info, with the worksheet in both records', () => {
    const save = toChargeStationSave(
      initial,
      { ...initial, remark: 'new', status: 6, worksheetId: 12 },
      info.version,
    );
    expect(save.basicInfo).toEqual({ status: 6, version: 3, operationExtData: { worksheet_id: 12 } });
    expect(save.operatorInfo).toEqual({ remark: 'new', operationExtData: { worksheet_id: 12 } });
  });
});

describe('exclusiveNone', () => {
  it('should keep "none" alone when it is chosen', () => {
    expect(exclusiveNone([1, 2], [1, 2, -1])).toEqual([-1]);
  });

  it('should drop "none" when a scene is chosen', () => {
    expect(exclusiveNone([-1], [-1, 3])).toEqual([3]);
  });

  it('should fall back to "none" when the last scene is removed', () => {
    expect(exclusiveNone([3], [])).toEqual([-1]);
  });
});

describe('swap station form', () => {
  const info = swapStationInfo();
  const initial = toSwapStationForm(info, operatorInfo('PS-1'));

  it('should send a new work line with the reason given for it', () => {
    const save = toSwapStationSave(
      initial,
      { ...initial, workLine: 'Line B', workLineChangeReason: ' moved ' },
      7,
    );
    expect(save.basicInfo).toEqual({
      version: 7,
      workLine: 'Line B',
      workLineUpdateReason: 'moved',
      operationExtData: undefined,
    });
  });

  it('should not send a reason when the work line is unchanged', () => {
    const save = toSwapStationSave(initial, { ...initial, workLineChangeReason: 'typed anyway' }, 7);
    expect(save.basicInfo).toBeNull();
  });

  it('should send the clone location with a clone switched on, even if it was stored before', () => {
    const stored = toSwapStationForm(
      swapStationInfo({ cloneLongitude: 121.33, cloneLatitude: 31.2 }),
      undefined,
    );
    const save = toSwapStationSave(stored, { ...stored, hasClone: true }, 7);
    expect(save.basicInfo).toMatchObject({ hasClone: true, cloneLongitude: 121.33, cloneLatitude: 31.2 });
    expect(SwapStationBasicInfoSaveSchema.safeParse(save.basicInfo).success).toBe(true);
  });

  it('should send both power bounds when one changes, so the server can compare them', () => {
    const save = toSwapStationSave(initial, { ...initial, chargingPowerTotalMax: 150 }, 7);
    expect(save.basicInfo).toMatchObject({ chargingPowerTotalMin: 20, chargingPowerTotalMax: 150 });
  });

  it('should send changed followers and charger totals only', () => {
    const save = toSwapStationSave(
      initial,
      { ...initial, followers: ['han.mei', 'li.lei'], chargerTotalNumberDc: 12 },
      7,
    );
    expect(save.basicInfo).toEqual({
      version: 7,
      followers: ['han.mei', 'li.lei'],
      chargerTotalNumberDc: 12,
      operationExtData: undefined,
    });
  });

  it('should send the parking fields that changed and the queue adjustment when it changed', () => {
    const parking = toSwapParkingForm(info);
    expect(toSwapParkingSave(parking, { ...parking }, 7)).toBeNull();
    expect(toSwapParkingSave(parking, { ...parking, parkNo: 'B2-20', parkFeeModify: true }, 7)).toEqual({
      parkNo: 'B2-20',
      parkFeeModify: true,
      version: 7,
    });
    expect(toSwapQueueAdjustSave({ swapQueueAdjust: 0 }, { swapQueueAdjust: 0 }, 7)).toBeNull();
    expect(toSwapQueueAdjustSave({ swapQueueAdjust: 0 }, { swapQueueAdjust: -30 }, 7)).toEqual({
      swapQueueAdjust: -30,
      version: 7,
    });
  });
});
