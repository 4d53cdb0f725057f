import type { Tenant } from '@cmp/domain';
import {
  quotePrices,
  ruleForUser,
  type PriceQuote,
  type QuoteActivity,
  type StationActivity,
} from '@cmp/domain/activities/price-quote';
import {
  dayStartOf,
  tariffCalendar,
  type TariffCalendar,
  type TariffCalendarQuery,
} from '@cmp/domain/activities/tariff-calendar';
import type { ActivityType } from '@cmp/domain/activities/activity-types';
import type { ChargingDiscountRules } from '@cmp/domain/activities/charging-discount';
import type { UserRole } from '@cmp/domain/activities/user-roles';
import { parseUtcOffset } from '@cmp/domain/shared/utc-offset';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { StationBasicInfosService } from '../stations/station-basic-infos.service.js';
import * as repo from './activities.repo.js';

/**
 * What the apps ask of activities: the ones a user sees at a station, and the price of charging there under
 * the charging discounts that apply (docs/decisions.md "Charging-discount quotes").
 */
const DAY_MS = 24 * 3_600_000;

interface DiscountRow {
  activityId: number;
  activityName: string;
  beginTime: Date;
  endTime: Date;
  chargingDiscountRules: ChargingDiscountRules[];
}

const timesOf = (row: DiscountRow): QuoteActivity => ({
  activityId: row.activityId,
  activityName: row.activityName,
  beginTime: row.beginTime.getTime(),
  endTime: row.endTime.getTime(),
  chargingDiscountRules: row.chargingDiscountRules,
});

export class ActivityQuotesService {
  constructor(
    private readonly db: Db,
    private readonly stations: StationBasicInfosService,
    private readonly clock: () => number = Date.now,
  ) {}

  async quote(
    tenant: Tenant,
    request: { resourceId: string; userRole: UserRole; start: number; end: number },
  ): Promise<PriceQuote> {
    const { resourceId, userRole, start, end } = request;
    const [fees, discounts] = await Promise.all([
      this.stations.feesOf(resourceId),
      repo.discountsForStation(this.db, tenant, resourceId, start, end),
    ]);
    if (!fees) throw AppError.notFound('charge station', resourceId);
    const activities = discounts.map(timesOf);
    const slots = quotePrices({
      basePeriods: fees.periods,
      activities,
      userRole,
      start,
      end,
      utcOffset: parseUtcOffset(fees.timezone),
    });
    return {
      resourceId,
      currency: 'CNY',
      slots,
      activities: activities
        .filter((activity) => ruleForUser(activity.chargingDiscountRules, userRole))
        .map(({ activityId, activityName }) => ({ activityId, activityName })),
    };
  }

  /**
   * A day of the station's prices against each charging discount live there that day (started, the station
   * active in it), and, when asked, one more discount of the tenant not finished yet, drawn as a preview.
   */
  async tariffCalendar(tenant: Tenant, query: TariffCalendarQuery): Promise<TariffCalendar> {
    const { resourceId, date, userRole, activityId } = query;
    const fees = await this.stations.feesOf(resourceId);
    if (!fees) throw AppError.notFound('charge station', resourceId);
    const utcOffset = parseUtcOffset(fees.timezone);
    const dayStart = dayStartOf(date, utcOffset);
    const [live, preview] = await Promise.all([
      repo.discountsForStation(this.db, tenant, resourceId, dayStart, dayStart + DAY_MS),
      activityId === undefined ? undefined : repo.findActivity(this.db, tenant, activityId),
    ]);
    const activities = live.map((row) => ({ ...timesOf(row), live: true }));
    if (activityId !== undefined && !live.some((row) => row.activityId === activityId)) {
      const row = preview?.activity;
      if (!row || row.activityType !== 'charging_discount')
        throw AppError.notFound('charging discount', activityId);
      if (row.state !== 'finished') activities.push({ ...timesOf(row), live: false });
    }
    return tariffCalendar({ resourceId, date, userRole, basePeriods: fees.periods, activities, utcOffset });
  }

  /** The activities in progress at the station (now, or at `at`) that reach the user. */
  async stationActivities(
    tenant: Tenant,
    query: { resourceId: string; userRole: UserRole; at?: number | undefined },
  ): Promise<StationActivity[]> {
    const rows = await repo.liveAtStation(this.db, tenant, query.resourceId, query.at ?? this.clock());
    return rows.flatMap((row) => {
      const rule = ruleForUser(row.chargingDiscountRules, query.userRole) ?? null;
      if (row.activityType === 'charging_discount' && rule === null) return [];
      return [
        {
          activityId: row.activityId,
          activityType: row.activityType as ActivityType,
          activityName: row.activityName,
          activityDescription: row.activityDescription,
          beginTime: row.beginTime.getTime(),
          endTime: row.endTime.getTime(),
          coverImage: row.coverImage,
          rewardSlogan: row.rewardSlogan,
          activityLink: row.activityLink,
          activityRules: row.activityRules,
          chargingDiscountRule: rule,
        },
      ];
    });
  }
}
