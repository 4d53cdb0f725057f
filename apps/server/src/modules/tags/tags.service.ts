import { TAG_BIZ_CODES, type TagBizCode, type TagProvider } from '@cmp/domain/tags/tag-catalog';
import type {
  TagGroupList,
  TagGroupListItem,
  TagInputType,
  TagMetadataQuery,
  TagTooltip,
} from '@cmp/domain/tags/tag-contracts';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { findResource } from '../stations/station-resources.repo.js';
import * as repo from './tags.repo.js';

/** The station types that carry tags: a tag's biz code is the station's resource type. */
const isTagBizCode = (resourceType: string): resourceType is TagBizCode =>
  (TAG_BIZ_CODES as readonly string[]).includes(resourceType);

/** The tag catalogue (metadata) and the explanations the tag editor shows. */
export class TagsService {
  constructor(private readonly db: Db) {}

  async metadata(query: TagMetadataQuery): Promise<TagGroupList> {
    const { rows, total } = await repo.listGroups(this.db, query);
    const tagsOfGroup = new Map<number, repo.TagRow[]>();
    for (const tag of await repo.listTagsOfGroups(
      this.db,
      rows.map((row) => row.tagGroupId),
    )) {
      tagsOfGroup.set(tag.tagGroupId, [...(tagsOfGroup.get(tag.tagGroupId) ?? []), tag]);
    }
    return {
      totalResults: total,
      hasNext: query.offset + rows.length < total,
      tagGroupList: rows.map((row): TagGroupListItem => ({
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
        tagList: (tagsOfGroup.get(row.tagGroupId) ?? []).map((tag) => ({
          tagCode: tag.code,
          tagName: tag.name,
          tagPriority: tag.priority,
          description: tag.description,
          createTime: tag.createdAt.getTime(),
        })),
      })),
    };
  }

  /** The tooltips of the groups a station's type carries; a station type without tags has none. */
  async tooltips(resourceId: string): Promise<TagTooltip[]> {
    const station = await findResource(this.db, resourceId);
    if (!station) throw AppError.notFound('station', resourceId);
    return isTagBizCode(station.resourceType) ? repo.listTooltips(this.db, station.resourceType) : [];
  }
}
