import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Equipment } from '@cmp/domain/stations/resource-basic-info';
import { changeLanguage } from '../../../i18n';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { renderTab } from '../tabs/render-tab';
import { EquipmentTab } from './EquipmentTab';
import { UPDATED_AT } from './test-stations';

const equipment: Equipment = {
  equipmentId: 'CS-1-E1',
  equipmentType: 'DC',
  equipmentLng: 121.5,
  equipmentLat: 31.23,
  power: 240,
  updateTime: UPDATED_AT,
  connectors: [
    {
      connectorId: 'CS-1-E1-C1',
      connectorType: 4,
      voltageUpperLimits: 750,
      current: 250,
      power: 120,
      nationalStandard: 2,
      status: 'busy',
      updateTime: UPDATED_AT,
    },
  ],
};

describe('EquipmentTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list the equipment and open each onto its connectors', async () => {
    fakeApi({ 'GET /api/nio/stations/CS-1/equipments': () => ok({ items: [equipment] }) });
    const { user } = renderTab(<EquipmentTab resourceId="CS-1" />);
    const row = (await screen.findByText('CS-1-E1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('240')).toBeInTheDocument();
    expect(within(row).getByText('121.5, 31.23')).toBeInTheDocument();

    await user.click(within(row).getByRole('button'));
    const connector = (await screen.findByText('CS-1-E1-C1')).closest('tr') as HTMLElement;
    // Codes read as their labels: status busy, connector type 4, national standard 2.
    expect(within(connector).getByText('占用')).toBeInTheDocument();
    expect(within(connector).getByText('直流接口枪头（带枪线）')).toBeInTheDocument();
    expect(within(connector).getByText('2015 版国标')).toBeInTheDocument();
    expect(within(connector).getByText('750')).toBeInTheDocument();
  });

  it('should say when the station has no equipment', async () => {
    fakeApi({ 'GET /api/nio/stations/CS-1/equipments': () => ok({ items: [] }) });
    renderTab(<EquipmentTab resourceId="CS-1" />);
    expect(await screen.findByText('暂无设备')).toBeInTheDocument();
  });

  it('should show a failed load with a retry', async () => {
    fakeApi({ 'GET /api/nio/stations/CS-1/equipments': () => fail(500, 'internal_error') });
    renderTab(<EquipmentTab resourceId="CS-1" />);
    expect(await screen.findByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
