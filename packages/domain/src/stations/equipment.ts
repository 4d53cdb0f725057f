import type { MessageKey } from '../messages/en-US.js';
import type { ChargerType } from './resource-types.js';

/**
 * Connector types of the national charging-interconnection standard (T/CEC 102): 1 household socket,
 * 2 AC socket, 3 AC plug with cable, 4 DC plug with cable, 5 wireless pad, 6 other.
 */
export const CONNECTOR_TYPES = [1, 2, 3, 4, 5, 6] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];
export const CONNECTOR_TYPE_LABELS = {
  1: 'connectorType.householdSocket',
  2: 'connectorType.acSocket',
  3: 'connectorType.acPlug',
  4: 'connectorType.dcPlug',
  5: 'connectorType.wireless',
  6: 'connectorType.other',
} as const satisfies Record<ConnectorType, MessageKey>;

/** Which edition of GB/T 20234 a connector follows: 1 the 2011 edition, 2 the 2015 one. */
export const NATIONAL_STANDARDS = [1, 2] as const;
export type NationalStandard = (typeof NATIONAL_STANDARDS)[number];
export const NATIONAL_STANDARD_LABELS = {
  1: 'nationalStandard.2011',
  2: 'nationalStandard.2015',
} as const satisfies Record<NationalStandard, MessageKey>;

/** What a connector is doing, as the charger reports it. */
export const CONNECTOR_STATUSES = ['free', 'busy', 'offline'] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];
export const CONNECTOR_STATUS_LABELS = {
  free: 'connectorStatus.free',
  busy: 'connectorStatus.busy',
  offline: 'connectorStatus.offline',
} as const satisfies Record<ConnectorStatus, MessageKey>;

export const CHARGER_TYPE_LABELS = {
  AC: 'chargerType.ac',
  DC: 'chargerType.dc',
} as const satisfies Record<ChargerType, MessageKey>;
