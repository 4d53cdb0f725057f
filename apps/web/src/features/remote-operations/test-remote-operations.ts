import type { PowerCharger, RemoteOperationLog } from '@cmp/domain/stations/remote-operations';

export const CREATED_AT = Date.parse('2026-03-02T09:30:00+08:00');

/** A remote operation log as the server answers it, with what a test names. */
export const operationLog = (
  id: number,
  overrides: Partial<RemoteOperationLog> = {},
): RemoteOperationLog => ({
  remoteOperationLogId: id,
  resourceId: 'CS-1',
  chargePointId: 'CS-1-E1',
  connectorNo: null,
  operatorType: 'user',
  operationType: 'RESET_SOFT',
  operator: 'alice',
  commandId: `msg-${id}`,
  command: 'Reset',
  commandInfo: { type: 'Soft' },
  status: 1,
  reason: null,
  answer: { status: 'Accepted' },
  upgradeInfo: null,
  chargeSessionId: null,
  createAt: CREATED_AT,
  updateAt: CREATED_AT + 1_000,
  progress: null,
  percentage: null,
  ...overrides,
});

/** A charger as the power chargers search answers it: online, registered, one connector charging. */
export const powerCharger = (overrides: Partial<PowerCharger> = {}): PowerCharger => ({
  chargePointId: 'CS-1-E1',
  resourceId: 'CS-1',
  resourceName: 'Lujiazui Charge Station',
  equipmentType: 'DC',
  power: 240,
  registered: true,
  online: true,
  vendor: 'Star Charge',
  model: 'DC240',
  firmwareVersion: '2.4.1',
  lastMessageAt: CREATED_AT,
  connectors: [
    {
      connectorNo: 1,
      connectorId: 'CS-1-E1-C1',
      status: 'Charging',
      errorCode: 'NoError',
      statusAt: CREATED_AT,
      chargeSessionId: '41',
    },
  ],
  ...overrides,
});

/** The power chargers search's answer. */
export const powerChargerList = (...chargers: PowerCharger[]) => ({
  items: chargers,
  total: chargers.length,
});
