import { ruleMessage } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import type { Page } from '@cmp/domain';
import type { TagBizCode, TagProvider } from '@cmp/domain/tags/tag-catalog';
import {
  CatalogueFilterSchema,
  type CatalogueGroup,
  type CatalogueQuery,
  type CatalogueTag,
  type TagCatalogueOptions,
  type TagCreate,
  type TagGroupCreated,
  type TagGroupUpdated,
  type TagHolder,
  type TagUpdate,
} from '@cmp/domain/tags/tag-catalogue-editing';
import type { TagInputType } from '@cmp/domain/tags/tag-contracts';
import { changedFields } from '../../platform/audit/edits.js';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { listExport } from '../../platform/export/list-export.js';
import { AppError } from '../../platform/http/app-error.js';
import { TAG_CATALOGUE_EXPORT } from './tag-catalogue.export.js';
import * as repo from './tag-catalogue.repo.js';

export const TAG_GROUP_ENTITY = 'tag_group';
export const TAG_ENTITY = 'tag';

/** What the group's audit records compare: the stored group as the editor names its fields. */
type GroupFields = TagGroupUpdated;

const groupFieldsOf = (row: NonNullable<Awaited<ReturnType<typeof repo.findGroup>>>, categoryCode: number) =>
  ({
    tagGroupName: row.name,
    tagCategoryCode: categoryCode,
    unit: row.unit,
    min: row.minValue,
    max: row.maxValue,
    manualUpdateAllowed: row.manualUpdateAllowed,
    enable: row.enable,
    recommendationTag: row.recommendationTag,
    recommendationText: row.recommendationText,
    relationGroupCode: row.relationGroupCode,
    description: row.description,
    remark: row.remark,
  }) satisfies GroupFields;

/** The editor's fields as the group's columns. */
const groupColumnsOf = (fields: GroupFields, categoryId: number) => ({
  name: fields.tagGroupName,
  tagCategoryId: categoryId,
  unit: fields.unit ?? null,
  minValue: fields.min ?? null,
  maxValue: fields.max ?? null,
  manualUpdateAllowed: fields.manualUpdateAllowed,
  enable: fields.enable,
  recommendationTag: fields.recommendationTag,
  // The text belongs to the flag: a group that stops recommending forgets its heading.
  recommendationText: fields.recommendationTag ? (fields.recommendationText ?? null) : null,
  relationGroupCode: fields.relationGroupCode ?? null,
  description: fields.description ?? null,
  remark: fields.remark ?? null,
});

const toCatalogueTag = (row: Awaited<ReturnType<typeof repo.listCatalogueTags>>[number]): CatalogueTag => ({
  tagCode: row.code,
  tagName: row.name,
  tagPriority: row.priority,
  description: row.description,
  createTime: new Date(row.createdAt).getTime(),
  stationCount: row.stationCount,
});

/**
 * The resource tag editor's catalogue: groups with their tags and tooltips, edited by staff. The catalogue is
 * network-wide; each change is audited with the tenant whose portal it was made in.
 */
export class TagCatalogueService {
  constructor(private readonly db: Db) {}

  async options(): Promise<TagCatalogueOptions> {
    const [categories, providers] = await Promise.all([
      repo.listCategories(this.db),
      repo.listProviders(this.db),
    ]);
    return {
      categories: categories.map(({ code, name }) => ({ code, name })),
      providers: providers.map(({ code, name }) => ({ code: code as TagProvider, name })),
    };
  }

  async list(query: CatalogueQuery): Promise<Page<CatalogueGroup>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.catalogueList.page(this.db, filter, { pageNo, pageSize });
    return { total, items: await this.items(this.db, rows) };
  }

  readonly export = listExport({
    list: 'tags.catalogue',
    query: CatalogueFilterSchema,
    sheet: TAG_CATALOGUE_EXPORT,
    rows: repo.catalogueList,
    items: (rows) => this.items(this.db, rows),
  });

  async createGroup(fields: TagGroupCreated, acting: TenantActing): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const categoryId = await this.requireCategory(tx, fields.tagCategoryCode);
      const provider = (await repo.listProviders(tx)).find((row) => row.code === fields.tagProviderCode);
      if (!provider) throw AppError.notFound('tag provider', fields.tagProviderCode);
      const row = await repo.insertGroup(tx, {
        code: fields.tagGroupCode,
        tagProviderId: provider.id,
        bizCode: fields.bizCode,
        inputType: fields.tagType,
        sort: await repo.nextGroupSort(tx),
        ...groupColumnsOf(fields, categoryId),
      });
      if (!row) {
        throw AppError.conflict(ruleMessage('tagCatalogue.groupCodeTaken', { code: fields.tagGroupCode }));
      }
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: TAG_GROUP_ENTITY,
        entityId: fields.tagGroupCode,
        action: 'TAG_GROUP_CREATE',
        after: fields,
      });
      return (await this.findCatalogueGroup(tx, fields.tagGroupCode))!;
    });
  }

  async updateGroup(code: string, fields: TagGroupUpdated, acting: TenantActing): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const group = await this.requireGroup(tx, code);
      const categories = await repo.listCategories(tx);
      const storedCategory = categories.find((row) => row.id === group.tagCategoryId)!;
      const categoryId = await this.requireCategory(tx, fields.tagCategoryCode);
      const stored = groupFieldsOf(group, storedCategory.code);
      const next = groupColumnsOf(fields, categoryId);
      const changes = changedFields(stored, {
        ...fields,
        recommendationText: next.recommendationText,
      } as GroupFields);
      if (changes.changed.length > 0) {
        await repo.updateGroup(tx, group.tagGroupId, next);
        await writeAudit(tx, {
          actor: acting.actor,
          tenant: acting.tenant,
          entityType: TAG_GROUP_ENTITY,
          entityId: code,
          action: 'TAG_GROUP_UPDATE',
          before: changes.before,
          after: changes.after,
        });
      }
      return (await this.findCatalogueGroup(tx, code))!;
    });
  }

  async saveTooltip(code: string, text: string, acting: TenantActing): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const group = await this.requireGroup(tx, code);
      const before = await repo.findTooltip(tx, group.tagGroupId);
      const after = text === '' ? null : text;
      if (before !== after) {
        if (after === null) await repo.deleteTooltip(tx, group.tagGroupId);
        else await repo.upsertTooltip(tx, group.tagGroupId, after);
        await writeAudit(tx, {
          actor: acting.actor,
          tenant: acting.tenant,
          entityType: TAG_GROUP_ENTITY,
          entityId: code,
          action: 'TAG_TOOLTIP_UPDATE',
          before: { tooltipText: before },
          after: { tooltipText: after },
        });
      }
      return (await this.findCatalogueGroup(tx, code))!;
    });
  }

  async createTag(groupCode: string, fields: TagCreate, acting: TenantActing): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const group = await this.requireGroup(tx, groupCode);
      const row = await repo.insertTag(tx, {
        code: fields.tagCode,
        name: fields.tagName,
        tagGroupId: group.tagGroupId,
        priority: fields.tagPriority,
        description: fields.description ?? null,
      });
      if (!row) throw AppError.conflict(ruleMessage('tagCatalogue.tagCodeTaken', { code: fields.tagCode }));
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: TAG_ENTITY,
        entityId: fields.tagCode,
        action: 'TAG_CREATE',
        after: { tagGroupCode: groupCode, ...fields },
      });
      return (await this.findCatalogueGroup(tx, groupCode))!;
    });
  }

  async updateTag(
    groupCode: string,
    tagCode: string,
    fields: TagUpdate,
    acting: TenantActing,
  ): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const { tag } = await this.requireTag(tx, groupCode, tagCode);
      const changes = changedFields(
        { tagName: tag.name, tagPriority: tag.priority, description: tag.description },
        { ...fields, description: fields.description ?? null },
      );
      if (changes.changed.length > 0) {
        await repo.updateTag(tx, tag.tagId, {
          name: fields.tagName,
          priority: fields.tagPriority,
          description: fields.description ?? null,
        });
        await writeAudit(tx, {
          actor: acting.actor,
          tenant: acting.tenant,
          entityType: TAG_ENTITY,
          entityId: tagCode,
          action: 'TAG_UPDATE',
          before: changes.before,
          after: changes.after,
        });
      }
      return (await this.findCatalogueGroup(tx, groupCode))!;
    });
  }

  /** Deletes a tag no station holds; one that stations hold would take their values with it. */
  async deleteTag(groupCode: string, tagCode: string, acting: TenantActing): Promise<CatalogueGroup> {
    return this.db.transaction(async (tx) => {
      const { tag } = await this.requireTag(tx, groupCode, tagCode);
      const holders = await repo.countHolders(tx, tag.tagId);
      if (holders > 0) throw AppError.conflict(ruleMessage('tagCatalogue.tagHeld', { count: holders }));
      await repo.deleteTag(tx, tag.tagId);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: TAG_ENTITY,
        entityId: tagCode,
        action: 'TAG_DELETE',
        before: {
          tagGroupCode: groupCode,
          tagName: tag.name,
          tagPriority: tag.priority,
          description: tag.description,
        },
      });
      return (await this.findCatalogueGroup(tx, groupCode))!;
    });
  }

  /** The stations holding a tag, the latest set first. */
  async holders(tagCode: string, pageNo: number, pageSize: number): Promise<Page<TagHolder>> {
    const tag = await repo.findTag(this.db, tagCode);
    if (!tag) throw AppError.notFound('tag', tagCode);
    const { rows, total } = await repo.listHolders(this.db, tag.tagId, pageNo, pageSize);
    return {
      total,
      items: rows.map((row) => ({
        resourceId: row.resourceId,
        resourceName: row.resourceName,
        resourceType: row.resourceType,
        tagValue: row.value,
        tagDegree: row.degree,
        expire: row.expire,
        updateTime: row.updatedAt.getTime(),
      })),
    };
  }

  private async items(db: DbOrTx, rows: readonly repo.CatalogueRow[]): Promise<CatalogueGroup[]> {
    const tagRows = await repo.listCatalogueTags(
      db,
      rows.map((row) => row.tagGroupId),
    );
    return rows.map((row) => ({
      tagCategoryCode: row.categoryCode,
      tagCategoryName: row.categoryName,
      tagProviderCode: row.providerCode as TagProvider,
      bizCode: row.bizCode as TagBizCode,
      tagGroupCode: row.code,
      tagGroupName: row.name,
      tagType: row.inputType as TagInputType,
      unit: row.unit,
      min: row.minValue,
      max: row.maxValue,
      manualUpdateAllowed: row.manualUpdateAllowed,
      enable: row.enable,
      recommendationTag: row.recommendationTag,
      recommendationText: row.recommendationText,
      remark: row.remark,
      relationGroupCode: row.relationGroupCode,
      description: row.description,
      tooltipText: row.tooltip,
      createTime: new Date(row.createdAt).getTime(),
      tagList: tagRows.filter((tag) => tag.tagGroupId === row.tagGroupId).map(toCatalogueTag),
    }));
  }

  private async findCatalogueGroup(db: DbOrTx, code: string): Promise<CatalogueGroup | undefined> {
    const rows = await repo.catalogueGroupByCode(db, code);
    return (await this.items(db, rows))[0];
  }

  private async requireGroup(db: DbOrTx, code: string) {
    const group = await repo.findGroup(db, code);
    if (!group) throw AppError.notFound('tag group', code);
    return group;
  }

  private async requireTag(db: DbOrTx, groupCode: string, tagCode: string) {
    const group = await this.requireGroup(db, groupCode);
    const tag = await repo.findTag(db, tagCode);
    if (!tag || tag.tagGroupId !== group.tagGroupId) throw AppError.notFound('tag', tagCode);
    return { group, tag };
  }

  private async requireCategory(db: DbOrTx, code: number): Promise<number> {
    const category = (await repo.listCategories(db)).find((row) => row.code === code);
    if (!category) throw new RuleError(ruleMessage('tagCatalogue.unknownCategory', { code }));
    return category.id;
  }
}
