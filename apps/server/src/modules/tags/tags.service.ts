import type { SQLWrapper } from 'drizzle-orm';
import { formatMessage, ruleMessage, type Locale } from '@cmp/domain/messages/format';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { TAG_BIZ_CODES, type TagBizCode, type TagProvider } from '@cmp/domain/tags/tag-catalog';
import { tenantKey, type Page, type Tenant } from '@cmp/domain';
import type {
  ResourceTagItem,
  StationTagGroup,
  StationTags,
  Tag,
  TagGroupListItem,
  TagGroupSet,
  TagInputType,
  TagMetadataQuery,
  TagTooltip,
} from '@cmp/domain/tags/tag-contracts';
import { tagGroupEditability } from '@cmp/domain/tags/tag-editability';
import {
  MANUAL_TAG_DEGREE,
  tagGroupChange,
  topTenGoodStationChange,
  type TagUpdateItem,
} from '@cmp/domain/tags/tag-updates';
import { checkTagValue } from '@cmp/domain/tags/tag-values';
import { tagPlaceholder } from '@cmp/domain/tags/tag-placeholders';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { stationOverallScore } from '../comments/comments.service.js';
import { STATION_ENTITY, findStation, type StationRecord } from '../stations/station-directory.service.js';
import { MONTHLY_TOP_TEN_TAG } from '@cmp/domain/tags/tag-catalog-groups';
import * as repo from './tags.repo.js';
import { overallLevel } from '@cmp/domain/comments/comment-codes';

/** The station types that carry tags: a tag's biz code is the station's resource type. */
const isTagBizCode = (resourceType: string): resourceType is TagBizCode =>
  (TAG_BIZ_CODES as readonly string[]).includes(resourceType);

/** What a group holds on a station, as the audit's before and after record it. */
type GroupState = Record<string, { tagCode: string; tagValue: string | null } | null>;

/** Staff's layer: the values staff set (degree 1); the algorithms' measured values sit beside them. */
const isCmo = (row: repo.ResourceTagRow) => row.degree === MANUAL_TAG_DEGREE;

/** The states of staff's layer of the groups a change touched, as the station's history records them. */
const groupStates = (rows: readonly repo.ResourceTagRow[], groupCodes: Iterable<string>): GroupState =>
  Object.fromEntries(
    [...groupCodes].map((code) => {
      const row = rows.find((tag) => tag.tagGroupCode === code && isCmo(tag));
      return [code, row ? { tagCode: row.tagCode, tagValue: row.value } : null];
    }),
  );

const toResourceTagItem = (row: repo.ResourceTagRow): ResourceTagItem => ({
  resourceId: row.resourceId,
  tagCategoryId: row.categoryId,
  tagCategoryName: row.categoryName,
  tagProviderId: row.providerId,
  tagProviderCode: row.providerCode as TagProvider,
  tagGroupId: row.tagGroupId,
  tagGroupCode: row.tagGroupCode,
  tagGroupName: row.tagGroupName,
  tagId: row.tagId,
  tagCode: row.tagCode,
  tagName: row.tagName,
  tagPriority: row.tagPriority,
  tagValue: row.value,
  tagDegree: row.degree,
  expire: row.expire,
  expireReason: row.expireReason,
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
});

/** The tag catalogue (metadata), the explanations the tag editor shows, and the tags stations hold. */
export class TagsService {
  constructor(private readonly db: Db) {}

  async metadata(query: TagMetadataQuery): Promise<Page<TagGroupListItem>> {
    const { pageNo, pageSize, ...filter } = query;
    const { rows, total } = await repo.tagGroupList.page(this.db, filter, { pageNo, pageSize });
    const tagsOfGroup = await this.tagsOfGroups(rows.map((row) => row.tagGroupId));
    return {
      total,
      items: rows.map((row): TagGroupListItem => ({
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
        relationGroupCode: row.relationGroupCode,
        description: row.description,
        createTime: row.createdAt.getTime(),
        tagList: tagsOfGroup.get(row.tagGroupId) ?? [],
      })),
    };
  }

  /** The tooltips of the groups a station's type carries; a station type without tags has none. */
  async tooltips(resourceId: string): Promise<TagTooltip[]> {
    const station = await this.requireStation(this.db, resourceId);
    return isTagBizCode(station.resourceType) ? repo.listTooltips(this.db, station.resourceType) : [];
  }

  /** A station's tags: the tags it holds, narrowed as the details call asks. */
  async details(
    request: { resourceId: string; bizCode: TagBizCode } & repo.ResourceTagFilter,
  ): Promise<ResourceTagItem[]> {
    await this.requireTagged(this.db, request.resourceId, request.bizCode);
    const rows = await repo.listResourceTags(this.db, request.resourceId, request);
    return rows.map(toResourceTagItem);
  }

  /**
   * Every group of the station's type as the tag editor shows it, with what the station holds in it, and
   * the overall score of the station's comments in the tenant.
   */
  async stationTags(resourceId: string, locale: Locale, tenant: Tenant): Promise<StationTags> {
    const station = await this.requireStation(this.db, resourceId);
    if (!isTagBizCode(station.resourceType)) return { overallScore: null, overallLevel: null, tagList: [] };
    const bizCode = station.resourceType;
    const [allGroups, held, ownerOperated, score] = await Promise.all([
      repo.listGroupsOfBiz(this.db, bizCode),
      repo.listResourceTags(this.db, resourceId),
      repo.isOwnerOperated(this.db, resourceId),
      stationOverallScore(this.db, tenant, resourceId),
    ]);
    // A group the catalogue disabled is no longer offered; what stations hold in it stays stored.
    const groups = allGroups.filter((group) => group.enable);
    const options = await this.tagsOfGroups(groups.map((group) => group.tagGroupId));
    return {
      overallScore: score,
      overallLevel: score === null ? null : overallLevel(score),
      tagList: groups.map((group): StationTagGroup => {
        const ofGroup = held.filter((row) => row.tagGroupId === group.tagGroupId);
        const cmo = ofGroup.find(isCmo);
        const algorithm = ofGroup.find((row) => !isCmo(row));
        const current = cmo && !(cmo.expire && algorithm) ? cmo : algorithm;
        const editability = tagGroupEditability({
          bizCode,
          provider: group.providerCode as TagProvider,
          tagGroupCode: group.code,
          ownerOperated,
          hasAccurateSystemValue: algorithm !== undefined,
        });
        const placeholder = tagPlaceholder({
          inputType: group.inputType as TagInputType,
          groupName: group.name,
          min: group.minValue,
          max: group.maxValue,
          unit: group.unit,
          tooltip: group.tooltip,
        });
        return {
          resourceId,
          operatorId: station.operatorId,
          tagGroupId: group.tagGroupId,
          tagGroupCode: group.code,
          tagGroupName: group.name,
          tagProviderCode: group.providerCode as TagProvider,
          tooltip: group.tooltip,
          inputType: group.inputType as TagInputType,
          unit: group.unit,
          min: group.minValue,
          max: group.maxValue,
          readonly: !editability.editable && editability.reason.key === 'tag.readOnly',
          manualUpdateAllowed: group.manualUpdateAllowed,
          disabled: !editability.editable,
          disabledReason: editability.editable ? null : formatMessage(locale, editability.reason),
          placeholder: placeholder && formatMessage(locale, placeholder).trim(),
          tagCode: current?.tagCode ?? null,
          tagName: current?.tagName ?? null,
          tagValue: current?.value ?? null,
          source: current ? (isCmo(current) ? 'cmo' : 'algorithm') : null,
          updateTime: current ? current.updatedAt.getTime() : null,
          expire: current?.expire ?? false,
          expireReason: current?.expireReason ?? null,
          algorithmTagCode: algorithm?.tagCode ?? null,
          algorithmTagName: algorithm?.tagName ?? null,
          algorithmTagValue: algorithm?.value ?? null,
          cmoTagCode: cmo?.tagCode ?? null,
          cmoTagName: cmo?.tagName ?? null,
          cmoTagValue: cmo?.value ?? null,
          cmoUpdateTime: cmo ? cmo.updatedAt.getTime() : null,
          cmoExpire: cmo?.expire ?? false,
          cmoExpireReason: cmo?.expireReason ?? null,
          cmoTenantKey: cmo?.cmoTenant ?? null,
          remark: cmo?.remark ?? null,
          recommendationTag: group.recommendationTag,
          recommendationText: group.recommendationTag ? (current?.tagName ?? null) : null,
          tagList: options.get(group.tagGroupId) ?? [],
        };
      }),
    };
  }

  /**
   * The operation_update call: every item is checked against the rules (the tag fits the station's type,
   * its group may be changed on this station, its value is right) and all apply together, or none does.
   * Each station's change is one entry of its history.
   */
  async operationUpdate(items: readonly TagUpdateItem[], acting: TenantActing): Promise<ResourceTagItem[]> {
    return this.db.transaction(async (tx) => {
      const resourceIds = [...new Set(items.map((item) => item.resourceId))];
      for (const resourceId of resourceIds) {
        await this.apply(
          tx,
          resourceId,
          items.filter((item) => item.resourceId === resourceId),
          acting,
        );
      }
      const rows = await Promise.all(resourceIds.map((id) => repo.listResourceTags(tx, id)));
      return rows.flat().map(toResourceTagItem);
    });
  }

  /**
   * Sets one group of a station as the editor does: another tag of the group is added and the old one
   * deleted; the same tag with another value is updated; no tag clears the group; the yes/no group adds or
   * deletes the monthly top ten tag.
   */
  async setGroup(
    resourceId: string,
    tagGroupCode: string,
    set: TagGroupSet,
    acting: TenantActing,
    locale: Locale,
  ): Promise<StationTags> {
    await this.db.transaction(async (tx) => {
      const station = await this.requireStation(tx, resourceId);
      if (!isTagBizCode(station.resourceType)) throw AppError.notFound('tag group', tagGroupCode);
      const bizCode = station.resourceType;
      const group = (await repo.listGroupsOfBiz(tx, bizCode)).find((row) => row.code === tagGroupCode);
      if (!group) throw AppError.notFound('tag group', tagGroupCode);
      const current = (await repo.listResourceTags(tx, resourceId, { tagGroupCode })).find(isCmo);
      const target = { resourceId, bizCode, ...(set.remark === undefined ? {} : { remark: set.remark }) };
      const items =
        group.inputType === 'yes_no'
          ? set.yes === (current !== undefined)
            ? []
            : topTenGoodStationChange(target, set.yes ?? false, MONTHLY_TOP_TEN_TAG)
          : tagGroupChange(target, {
              ...(current ? { currentTagCode: current.tagCode } : {}),
              ...(current?.value != null ? { currentTagValue: current.value } : {}),
              ...(set.tagCode ? { newTagCode: set.tagCode } : {}),
              ...(set.tagValue === undefined ? {} : { newTagValue: set.tagValue }),
            });
      if (items.length > 0) await this.apply(tx, resourceId, items, acting);
    });
    return this.stationTags(resourceId, locale, acting.tenant);
  }

  private async apply(
    tx: DbOrTx,
    resourceId: string,
    items: readonly TagUpdateItem[],
    acting: TenantActing,
  ): Promise<void> {
    const station = await this.requireStation(tx, resourceId);
    const [tagsByCode, before, ownerOperated] = await Promise.all([
      repo.findTagsByCode(
        tx,
        items.map((item) => item.tagCode),
      ),
      repo.listResourceTags(tx, resourceId),
      repo.isOwnerOperated(tx, resourceId),
    ]);
    const touched = new Set<string>();
    // Staff's values name the tenant they were set in by its key, as the cloud tag service did (C7.4.10).
    const cmoTenant = tenantKey(acting.tenant);
    for (const item of items) {
      const tag = tagsByCode.find((row) => row.code === item.tagCode);
      if (!tag) throw new RuleError(ruleMessage('tag.unknownTag', { tag: item.tagCode }));
      if (item.bizCode !== station.resourceType || tag.group.bizCode !== item.bizCode) {
        throw new RuleError(ruleMessage('tag.bizCodeMismatch', { tag: item.tagCode }));
      }
      const held = await repo.listResourceTags(tx, resourceId, { tagGroupCode: tag.group.code });
      const editability = tagGroupEditability({
        bizCode: item.bizCode,
        provider: tag.group.providerCode as TagProvider,
        tagGroupCode: tag.group.code,
        ownerOperated,
        hasAccurateSystemValue: held.some((row) => row.degree > MANUAL_TAG_DEGREE),
      });
      if (!editability.editable) throw new RuleError(editability.reason);
      if (!tag.group.enable) throw new RuleError(ruleMessage('tag.groupDisabled', { group: tag.group.name }));
      const existing = held.find((row) => row.tagId === tag.tagId && isCmo(row));
      if (item.action !== 'delete') {
        const problem = checkTagValue(
          {
            inputType: tag.group.inputType as TagInputType,
            groupName: tag.group.name,
            min: tag.group.minValue,
            max: tag.group.maxValue,
            tooltip: tag.group.tooltip,
          },
          item.tagValue,
        );
        if (problem) throw new RuleError(problem);
      }
      const value = item.tagValue?.trim() || null;
      if (item.action === 'add') {
        if (existing) throw new RuleError(ruleMessage('tag.alreadyOnStation', { tag: item.tagCode }));
        await repo.insertResourceTag(tx, {
          resourceId,
          tagId: tag.tagId,
          value,
          degree: MANUAL_TAG_DEGREE,
          cmoTenant,
          remark: item.remark ?? null,
        });
      } else if (!existing) {
        throw new RuleError(ruleMessage('tag.notOnStation', { tag: item.tagCode }));
      } else if (item.action === 'update') {
        await repo.updateResourceTag(tx, existing.resourceTagId, {
          value,
          degree: MANUAL_TAG_DEGREE,
          cmoTenant,
          remark: item.remark ?? null,
        });
      } else {
        await repo.deleteResourceTag(tx, existing.resourceTagId);
      }
      touched.add(tag.group.code);
    }
    const after = await repo.listResourceTags(tx, resourceId);
    for (const code of touched) {
      const held = after.filter((row) => row.tagGroupCode === code && isCmo(row));
      if (held.length > 1) {
        throw new RuleError(ruleMessage('tag.oneTagPerGroup', { group: held[0]!.tagGroupName }));
      }
    }
    const remark = items.find((item) => item.remark)?.remark;
    await writeAudit(tx, {
      actor: acting.actor,
      tenant: acting.tenant,
      entityType: STATION_ENTITY,
      entityId: resourceId,
      action: 'RESOURCE_TAG_UPDATE',
      before: groupStates(before, touched),
      after: groupStates(after, touched),
      extData: { tenant_key: cmoTenant, ...(remark ? { remark } : {}) },
    });
  }

  /**
   * The stations holding a tag, as a subquery of their ids: the operations list's tag filter (the stations
   * module takes it through app.ts, since this module builds on stations).
   */
  stationsWithTag(tagCode: string): SQLWrapper {
    return repo.stationsWithTag(tagCode);
  }

  /** The tags of each group, in priority order, as the API names a tag. */
  private async tagsOfGroups(groupIds: readonly number[]): Promise<Map<number, Tag[]>> {
    const byGroup = new Map<number, Tag[]>();
    for (const tag of await repo.listTagsOfGroups(this.db, groupIds)) {
      byGroup.set(tag.tagGroupId, [
        ...(byGroup.get(tag.tagGroupId) ?? []),
        {
          tagCode: tag.code,
          tagName: tag.name,
          tagPriority: tag.priority,
          description: tag.description,
          createTime: tag.createdAt.getTime(),
        },
      ]);
    }
    return byGroup;
  }

  private async requireStation(db: DbOrTx, resourceId: string): Promise<StationRecord> {
    const station = await findStation(db, resourceId);
    if (!station) throw AppError.notFound('station', resourceId);
    return station;
  }

  private async requireTagged(db: DbOrTx, resourceId: string, bizCode: TagBizCode): Promise<void> {
    const station = await this.requireStation(db, resourceId);
    if (station.resourceType !== bizCode) {
      throw new RuleError(ruleMessage('tag.bizCodeMismatch', { tag: bizCode }));
    }
  }
}
