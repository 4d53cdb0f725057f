import { Tenant as TenantSchema, type Page, type Tenant } from '@cmp/domain';
import {
  PersonalCarFilterSchema,
  type PersonalCarItem,
  type PersonalCarListQuery,
} from '@cmp/domain/accounts/car-contracts';
import type { Db } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { toPersonalCar } from './accounts.service.js';
import { PERSONAL_CAR_LIST_EXPORT } from './personal-cars.export.js';
import * as repo from './personal-cars.repo.js';

const PersonalCarExportFilterSchema = PersonalCarFilterSchema.extend({ tenant: TenantSchema });

const toItems = (rows: repo.CarListRow[]): PersonalCarItem[] =>
  rows.map((row) => ({
    ...toPersonalCar(row.car),
    ownerName: row.ownerName,
    ownerNickName: row.ownerNickName,
  }));

/** The tenant's personal cars as one list (the personal car list screen, C2.15), with its export. */
export class PersonalCarsService {
  constructor(private readonly db: Db) {}

  async list(tenant: Tenant, query: PersonalCarListQuery): Promise<Page<PersonalCarItem>> {
    const { pageNo, pageSize, ...filter } = query;
    const page = await repo.personalCarList.page(this.db, { ...filter, tenant }, { pageNo, pageSize });
    // Vehicle ids are unique within a tenant only: a page's ids may also name another tenant's cars.
    return { items: toItems(page.rows.filter((row) => row.car.tenant === tenant)), total: page.total };
  }

  readonly export = listExport({
    list: 'personal-cars.list',
    query: PersonalCarExportFilterSchema,
    sheet: PERSONAL_CAR_LIST_EXPORT,
    rows: repo.personalCarList,
    items: toItems,
  });
}
