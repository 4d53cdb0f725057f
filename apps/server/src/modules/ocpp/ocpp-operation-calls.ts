import type { RemoteCommand } from '@cmp/domain/stations/remote-operations';

/** The commands added for issue 29 (configuration, local list, reservations, smart charging). */
export type OcppOperationCommand = Extract<
  RemoteCommand,
  {
    operationType:
      | 'GET_CONFIGURATION'
      | 'CHANGE_CONFIGURATION'
      | 'CLEAR_CACHE'
      | 'SEND_LOCAL_LIST'
      | 'GET_LOCAL_LIST_VERSION'
      | 'RESERVE_NOW'
      | 'CANCEL_RESERVATION'
      | 'SET_CHARGING_PROFILE'
      | 'CLEAR_CHARGING_PROFILE'
      | 'GET_COMPOSITE_SCHEDULE';
  }
>;

type Json = Record<string, unknown>;

/** OCPP's dateTime: the portal takes epoch milliseconds and sends ISO 8601 in UTC. */
const iso = (ms: number): string => new Date(ms).toISOString();

/** Leaves out the members a command did not give: OCPP's optional fields are absent, never null. */
const present = (values: Json): Json =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/**
 * The OCPP 1.6 payload of a command and the connector it concerns. A ReserveNow's `reservationId` and a
 * CancelReservation's connector are the portal's to fill (the issuing service knows them), so they are
 * not made here.
 */
export function ocppOperationCall(command: OcppOperationCommand): {
  payload: Json;
  connectorNo: number | null;
} {
  switch (command.operationType) {
    case 'GET_CONFIGURATION':
      return { connectorNo: null, payload: command.keys?.length ? { key: command.keys } : {} };
    case 'CHANGE_CONFIGURATION':
      return { connectorNo: null, payload: { key: command.key, value: command.value } };
    case 'CLEAR_CACHE':
    case 'GET_LOCAL_LIST_VERSION':
      return { connectorNo: null, payload: {} };
    case 'SEND_LOCAL_LIST':
      return {
        connectorNo: null,
        payload: {
          listVersion: command.listVersion,
          updateType: command.updateType,
          localAuthorizationList: command.entries.map((entry) =>
            present({
              idTag: entry.idTag,
              idTagInfo:
                entry.status === undefined
                  ? undefined
                  : present({
                      status: entry.status,
                      expiryDate: entry.expiryDate === undefined ? undefined : iso(entry.expiryDate),
                      parentIdTag: entry.parentIdTag,
                    }),
            }),
          ),
        },
      };
    case 'RESERVE_NOW':
      return {
        connectorNo: command.connectorNo,
        payload: present({
          connectorId: command.connectorNo,
          expiryDate: iso(command.expiryDate),
          idTag: command.idTag,
          parentIdTag: command.parentIdTag,
        }),
      };
    case 'CANCEL_RESERVATION':
      return { connectorNo: null, payload: { reservationId: command.reservationId } };
    case 'SET_CHARGING_PROFILE': {
      const schedule = command.chargingSchedule;
      return {
        connectorNo: command.connectorNo,
        payload: {
          connectorId: command.connectorNo,
          csChargingProfiles: present({
            chargingProfileId: command.chargingProfileId,
            transactionId: command.transactionId,
            stackLevel: command.stackLevel,
            chargingProfilePurpose: command.chargingProfilePurpose,
            chargingProfileKind: command.chargingProfileKind,
            recurrencyKind: command.recurrencyKind,
            validFrom: command.validFrom === undefined ? undefined : iso(command.validFrom),
            validTo: command.validTo === undefined ? undefined : iso(command.validTo),
            chargingSchedule: present({
              duration: schedule.duration,
              startSchedule: schedule.startSchedule === undefined ? undefined : iso(schedule.startSchedule),
              chargingRateUnit: schedule.chargingRateUnit,
              chargingSchedulePeriod: schedule.chargingSchedulePeriod.map((period) => present(period)),
              minChargingRate: schedule.minChargingRate,
            }),
          }),
        },
      };
    }
    case 'CLEAR_CHARGING_PROFILE':
      return {
        connectorNo: command.connectorNo ?? null,
        payload: present({
          id: command.chargingProfileId,
          connectorId: command.connectorNo,
          chargingProfilePurpose: command.chargingProfilePurpose,
          stackLevel: command.stackLevel,
        }),
      };
    case 'GET_COMPOSITE_SCHEDULE':
      return {
        connectorNo: command.connectorNo,
        payload: present({
          connectorId: command.connectorNo,
          duration: command.duration,
          chargingRateUnit: command.chargingRateUnit,
        }),
      };
  }
}
