import type { Tenant } from '@cmp/domain';
import {
  CHARGE_POINT_BULK_MAX_ROWS,
  type ChargePointBulkErrorDetails,
} from '@cmp/domain/stations/ocpp-operations';
import {
  ChargePointIdSchema,
  type ConnectorOcppStatus,
  type PowerCharger,
  type PowerChargerList,
  type PowerChargersQuery,
} from '@cmp/domain/stations/remote-operations';
import { writeAudit, writeAudits, type Actor } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  generateChargePointPassword,
  hashChargePointPassword,
  verifyChargePointPassword,
} from './charge-point-passwords.js';
import * as repo from './charge-points.repo.js';

/** The path chargers connect to: `/ocpp/{chargePointId}`. */
export const OCPP_PATH = '/ocpp/';

/** Audit entity of a charger registered as a charge point. */
export const CHARGE_POINT_ENTITY = 'charge_point';

/**
 * Whether a tenant's staff manage a charger (set its password, send it commands): the tenant that
 * registered it, or every tenant for one registered before chargers had an owner. Another tenant is told
 * 404, as if the charger were not there.
 */
export const managedBy = (chargePoint: { tenant: string | null }, tenant: Tenant): boolean =>
  chargePoint.tenant === null || chargePoint.tenant === tenant;

const time = (value: Date | null | undefined): number | null => value?.getTime() ?? null;

type PowerChargerRow = Awaited<ReturnType<typeof repo.powerChargerList.page>>['rows'][number];
type PowerChargerDetails = Awaited<ReturnType<typeof repo.powerChargerDetails>>;

/** A charger with its connectors by OCPP number: the portal's, and those it reported beyond them. */
function toPowerCharger(
  { equipment, resourceName, chargePoint, online }: PowerChargerRow,
  details: PowerChargerDetails,
): PowerCharger {
  const id = equipment.equipmentId;
  const portal = details.portalConnectors.filter((c) => c.equipmentId === id).map((c) => c.connectorId);
  const reported = details.ocppConnectors.filter((c) => c.chargePointId === id && c.connectorNo > 0);
  const numbers = [
    ...new Set([...portal.map((_, index) => index + 1), ...reported.map((c) => c.connectorNo)]),
  ].sort((a, b) => a - b);
  return {
    chargePointId: id,
    resourceId: equipment.resourceId,
    resourceName,
    equipmentType: equipment.equipmentType,
    power: equipment.power,
    registered: chargePoint !== null,
    online: chargePoint !== null && online,
    vendor: chargePoint?.vendor ?? null,
    model: chargePoint?.model ?? null,
    firmwareVersion: chargePoint?.firmwareVersion ?? null,
    lastMessageAt: time(chargePoint?.lastMessageAt),
    connectors: numbers.map((connectorNo) => {
      const status = reported.find((c) => c.connectorNo === connectorNo);
      const session = details.sessions.find((s) => s.chargePointId === id && s.connectorNo === connectorNo);
      return {
        connectorNo,
        connectorId: portal[connectorNo - 1] ?? null,
        status: (status?.status as ConnectorOcppStatus | undefined) ?? null,
        errorCode: status?.errorCode ?? null,
        statusAt: time(status?.statusAt),
        chargeSessionId: session ? String(session.transactionId) : null,
      };
    }),
  };
}

/**
 * Chargers as OCPP charge points: registering one (an equipment of a station) with a password the
 * portal makes and shows once, a new password, checking a connecting charger's password, and a station's
 * chargers with what they last said.
 */
export class ChargePointsService {
  constructor(private readonly db: Db) {}

  /** The address a charger connects to: PUBLIC_URL, else the address the caller reached the portal at. */
  static endpoint(baseUrl: string, chargePointId: string): string {
    return `${baseUrl.replace(/^http/, 'ws').replace(/\/$/, '')}${OCPP_PATH}${encodeURIComponent(chargePointId)}`;
  }

  /**
   * The charge point a connecting charger is, when its password is right; null otherwise. Unknown ids and
   * wrong passwords are refused alike, so a caller cannot tell registered ids.
   */
  async authenticate(chargePointId: string, password: string): Promise<string | null> {
    const chargePoint = await repo.findChargePoint(this.db, chargePointId);
    if (!chargePoint || !verifyChargePointPassword(password, chargePoint.passwordHash)) return null;
    return chargePoint.chargePointId;
  }

  /** 404 for an equipment that does not exist, 409 for one registered already (its password is rotated instead). */
  async register(tenant: Tenant, chargePointId: string, actor: Actor): Promise<{ password: string }> {
    const equipment = await repo.findEquipment(this.db, chargePointId);
    if (!equipment) throw AppError.notFound('equipment', chargePointId);
    if (await repo.findChargePoint(this.db, chargePointId))
      throw AppError.conflict(`charger ${chargePointId} is registered already; set a new password instead`);
    return this.setPassword(
      tenant,
      equipment.equipmentId,
      equipment.resourceId,
      actor,
      'CHARGE_POINT_REGISTER',
    );
  }

  /**
   * Registers the equipments of a sheet at once, each with its own password, all or none: 422
   * `empty_sheet`, `too_many_rows` (over 10,000), or `invalid_rows` with each wrong row (a bad id, a repeat
   * of an earlier row, no such equipment, registered already). Each charger is audited as the single
   * registration is, without its password.
   */
  async registerMany(
    tenant: Tenant,
    chargePointIds: readonly string[],
    actor: Actor,
  ): Promise<{ chargePointId: string; password: string }[]> {
    if (chargePointIds.length === 0) throw AppError.rule('empty_sheet', 'the sheet lists no equipment id');
    if (chargePointIds.length > CHARGE_POINT_BULK_MAX_ROWS)
      throw AppError.rule(
        'too_many_rows',
        `a sheet registers at most ${CHARGE_POINT_BULK_MAX_ROWS} chargers; this one has ${chargePointIds.length} rows`,
        { max: CHARGE_POINT_BULK_MAX_ROWS, rows: chargePointIds.length },
      );
    const wellFormed = chargePointIds.filter((id) => ChargePointIdSchema.safeParse(id).data === id);
    const equipments = new Map(
      (await repo.findEquipments(this.db, wellFormed)).map((e) => [e.equipmentId, e.resourceId]),
    );
    const registered = await repo.registeredIds(this.db, wellFormed);
    const seen = new Set<string>();
    const errors: ChargePointBulkErrorDetails['rows'] = [];
    chargePointIds.forEach((chargePointId, index) => {
      const error =
        ChargePointIdSchema.safeParse(chargePointId).data !== chargePointId
          ? 'invalidId'
          : seen.has(chargePointId)
            ? 'duplicate'
            : !equipments.has(chargePointId)
              ? 'unknownEquipment'
              : registered.has(chargePointId)
                ? 'registered'
                : undefined;
      seen.add(chargePointId);
      if (error) errors.push({ row: index + 1, chargePointId: chargePointId.slice(0, 100), error });
    });
    if (errors.length > 0)
      throw AppError.rule('invalid_rows', `${errors.length} rows of the sheet cannot be registered`, {
        rows: errors,
      } satisfies ChargePointBulkErrorDetails);

    const registrations = chargePointIds.map((chargePointId) => ({
      chargePointId,
      password: generateChargePointPassword(),
    }));
    await this.db.transaction(async (tx) => {
      await repo.insertChargePoints(
        tx,
        registrations.map(({ chargePointId, password }) => ({
          chargePointId,
          resourceId: equipments.get(chargePointId)!,
          tenant,
          passwordHash: hashChargePointPassword(password),
          passwordSetBy: actor.userName ?? 'system',
        })),
      );
      await writeAudits(
        tx,
        registrations.map(({ chargePointId }) => ({
          actor,
          tenant,
          entityType: CHARGE_POINT_ENTITY,
          entityId: chargePointId,
          action: 'CHARGE_POINT_REGISTER',
          after: { chargePointId, resourceId: equipments.get(chargePointId)!, bulk: true },
        })),
      );
    });
    return registrations;
  }

  /** A new password; the charger's current connection lasts, the next one needs it. */
  async rotatePassword(tenant: Tenant, chargePointId: string, actor: Actor): Promise<{ password: string }> {
    const chargePoint = await repo.findChargePoint(this.db, chargePointId);
    if (!chargePoint || !managedBy(chargePoint, tenant))
      throw AppError.notFound('charge point', chargePointId);
    return this.setPassword(tenant, chargePointId, chargePoint.resourceId, actor, 'CHARGE_POINT_PASSWORD');
  }

  private async setPassword(
    tenant: Tenant,
    chargePointId: string,
    resourceId: string,
    actor: Actor,
    action: string,
  ): Promise<{ password: string }> {
    const password = generateChargePointPassword();
    await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, {
        chargePointId,
        resourceId,
        tenant,
        passwordHash: hashChargePointPassword(password),
        passwordSetBy: actor.userName ?? 'system',
      });
      // The password itself is never recorded: only that it was set, and by whom.
      await writeAudit(tx, {
        actor,
        tenant,
        entityType: CHARGE_POINT_ENTITY,
        entityId: chargePointId,
        action,
        after: { chargePointId, resourceId },
      });
    });
    return { password };
  }

  /** A station's chargers (spec C7.3.17), each with its connectors by OCPP number and their open sessions. */
  async powerChargers(query: PowerChargersQuery): Promise<PowerChargerList> {
    const { group_id: resourceId, pageNo, pageSize, sort } = query;
    const page = await repo.powerChargerList.page(this.db, { resourceId, sort }, { pageNo, pageSize });
    const details = await repo.powerChargerDetails(
      this.db,
      page.rows.map((row) => row.equipment.equipmentId),
    );
    return { items: page.rows.map((row) => toPowerCharger(row, details)), total: page.total };
  }
}
