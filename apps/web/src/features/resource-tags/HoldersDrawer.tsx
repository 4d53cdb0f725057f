import { Drawer, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CatalogueTag, TagHolder } from '@cmp/domain/tags/tag-catalogue-editing';
import { stationDetailPath } from '../../app/screen-links';
import { PagedTable, type SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { resourceTagKeys, useResourceTagsApi } from './resource-tags-api';

/** Staff set a value at degree 1; the algorithms' measured values have higher degrees. */
const MANUAL_DEGREE = 1;

/** The stations holding a tag, a page at a time, each a link to its detail screen. */
export function HoldersDrawer({ tag, onClose }: { tag: CatalogueTag | null; onClose: () => void }) {
  const { t } = useTranslation('resourceTags');
  const tenant = useStationsTenant();
  const api = useResourceTagsApi();
  const label = useEnumLabel();

  const columns: SearchTableColumn<TagHolder>[] = [
    {
      key: 'resourceId',
      title: t('holders.resourceId'),
      width: 150,
      render: (h) => <Link to={stationDetailPath(tenant, h.resourceType, h.resourceId)}>{h.resourceId}</Link>,
    },
    {
      key: 'resourceName',
      title: t('holders.resourceName'),
      width: 200,
      render: (h) => orDash(h.resourceName),
    },
    {
      key: 'resourceType',
      title: t('holders.resourceType'),
      width: 90,
      render: (h) => label('resourceType', h.resourceType),
    },
    {
      key: 'tagValue',
      title: t('holders.tagValue'),
      width: 100,
      render: (h) => (
        <>
          {orDash(h.tagValue)} {h.expire && <Tag>{t('holders.expired')}</Tag>}
        </>
      ),
    },
    {
      key: 'source',
      title: t('holders.source'),
      width: 90,
      render: (h) => (h.tagDegree === MANUAL_DEGREE ? t('source.cmo') : t('source.algorithm')),
    },
    {
      key: 'updateTime',
      title: t('holders.updateTime'),
      width: 170,
      render: (h) => formatTime(h.updateTime),
    },
  ];

  return (
    <Drawer
      open={tag !== null}
      size={900}
      onClose={onClose}
      destroyOnHidden
      title={tag ? t('holders.title', { name: tag.tagName }) : undefined}
    >
      {tag && (
        <PagedTable<TagHolder>
          rowKey="resourceId"
          columns={columns}
          queryKey={(pageNo) => resourceTagKeys.holders(tenant, tag.tagCode, pageNo)}
          load={(pageNo, signal) => api.holders(tag.tagCode, pageNo, signal)}
          empty={t('holders.empty')}
        />
      )}
    </Drawer>
  );
}
