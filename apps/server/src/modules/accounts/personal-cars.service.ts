import type { z } from 'zod';
import { Tenant as TenantSchema, type Page, type Tenant } from '@cmp/domain';
import {
  PersonalCarFilterSchema,
  type PersonalCarItem,
  type PersonalCarListQuery,
} from '@cmp/domain/accounts/car-contracts';
import { pageOffset } from '@cmp/domain/platform/paging';
import type { Db } from '../../platform/db/database.js';
import type { ListExport } from '../../platform/export/list-export.js';
import { toPersonalCar } from './accounts.service.js';
import { PERSONAL_CAR_LIST_EXPORT } from './personal-cars.export.js';
import * as repo from './personal-cars.repo.js';

const PersonalCarExportFilterSchema = PersonalCarFilterSchema.extend({ tenant: TenantSchema });
type PersonalCarExportFilter = z.infer<typeof PersonalCarExportFilterSchema>;

const toItem = (row: repo.CarListRow): PersonalCarItem => ({
  ...toPersonalCar(row.car),
  ownerName: row.ownerName,
  ownerNickName: row.ownerNickName,
});

/** The tenant's personal cars as one list (the personal car list screen, C2.15), with its export. */
export class PersonalCarsService {
  constructor(private readonly db: Db) {}

  async list(tenant: Tenant, query: PersonalCarListQuery): Promise<Page<PersonalCarItem>> {
    const { pageNo, pageSize, sort, ...filter } = query;
    const page = await repo.carPage(this.db, repo.carWhere(tenant, filter), repo.carOrder(sort), {
      offset: pageOffset(pageNo, pageSize),
      limit: pageSize,
    });
    return { items: page.rows.map(toItem), total: page.total };
  }

  readonly export: ListExport<PersonalCarItem, PersonalCarExportFilter, repo.CarCursor> = {
    list: 'personal-cars.list',
    query: PersonalCarExportFilterSchema,
    ...PERSONAL_CAR_LIST_EXPORT,
    count: (db, { tenant, sort: _sort, ...filter }) => repo.countCars(db, repo.carWhere(tenant, filter)),
    batch: async (db, { tenant, sort, ...filter }, cursor, size) => {
      const batch = await repo.carBatch(db, repo.carWhere(tenant, filter), repo.carOrder(sort), cursor, size);
      return { rows: batch.rows.map(toItem), next: batch.next };
    },
  };
}
