import { useMemo, useState } from 'react';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProductListQuerySchema, type Product } from '@cmp/domain/mall/product-contracts';
import type { Query } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
  type SearchTableParams,
} from '../../components';
import { formatTime } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { PRODUCT_LIST, PRODUCTS, useMallApi, yuan } from './mall-api';
import { productEditorPath } from './mall-links';
import { ProductUploadDialog } from './ProductUploadDialog';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The search form's values as the product filter (spec M3.9.2 groupId, operatorId), only what is set. */
export function toProductFilter(params: SearchTableParams): Query {
  const filter: Query = {
    sort: params.sort,
    groupId: text(params.groupId),
    operatorId: text(params.operatorId),
    name: text(params.name),
    productDisplay:
      params.productDisplay === 'true' || params.productDisplay === 'false'
        ? params.productDisplay
        : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** Mall products (spec M2.11, M3.9.1–M3.9.2): the list with its filter, display switch, upload and export. */
export default function ProductListPage() {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const mall = useMallApi();
  const canChange = useCanChange();
  const navigate = useNavigate();
  const label = useEnumLabel();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const { modal, message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, PRODUCT_LIST) });

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'name', label: t('field.name') },
      { type: 'input', name: 'groupId', label: t('field.groupIds'), placeholder: t('list.groupHelp') },
      {
        type: 'input',
        name: 'operatorId',
        label: t('field.operatorIds'),
        placeholder: t('list.operatorHelp'),
      },
      {
        type: 'select',
        name: 'productDisplay',
        label: t('field.productDisplay'),
        options: [
          { value: 'true', label: t('display.on') },
          { value: 'false', label: t('display.off') },
        ],
      },
    ],
    [t],
  );

  const columns = useMemo<SearchTableColumn<Product>[]>(() => {
    const switchDisplay = (p: Product) =>
      modal.confirm({
        title: p.productDisplay ? t('list.takeOff') : t('list.putOn'),
        content: t(p.productDisplay ? 'list.confirmOff' : 'list.confirmOn', { name: p.name }),
        onOk: async () => {
          try {
            await mall.display(p.id, !p.productDisplay, p.version);
            void message.success(t('list.switched'));
            await refresh();
          } catch (error) {
            void message.error(describe(error));
          }
        },
      });
    return [
      {
        key: 'id',
        title: t('field.id'),
        width: 90,
        fixed: 'left',
        render: (p) => <Link to={productEditorPath(tenant, p.id)}>{p.id}</Link>,
      },
      { key: 'name', title: t('field.name'), width: 200, ellipsis: true, render: (p) => p.name },
      {
        key: 'unitPrice',
        title: t('field.unitPrice'),
        width: 110,
        align: 'right',
        sortable: true,
        render: (p) => yuan(p.unitPrice),
      },
      {
        key: 'originalPrice',
        title: t('field.originalPrice'),
        width: 120,
        align: 'right',
        render: (p) => yuan(p.originalPrice),
      },
      {
        key: 'items',
        title: t('field.items'),
        width: 260,
        ellipsis: true,
        render: (p) =>
          p.items
            .map((i) => `${label('productItemType', i.itemType)} ${i.itemName} x${i.itemCount}`)
            .join('; '),
      },
      {
        key: 'productDisplay',
        title: t('field.productDisplay'),
        width: 100,
        render: (p) =>
          p.productDisplay ? <Tag color="green">{t('display.on')}</Tag> : <Tag>{t('display.off')}</Tag>,
      },
      {
        key: 'groupIds',
        title: t('field.groupIds'),
        width: 160,
        ellipsis: true,
        render: (p) => p.groupIds.join(', ') || '-',
      },
      {
        key: 'operators',
        title: t('field.operatorIds'),
        width: 180,
        ellipsis: true,
        render: (p) => p.operatorIds.map((id) => p.operatorNames[id] ?? id).join(', ') || '-',
      },
      {
        key: 'createTime',
        title: t('field.createTime'),
        width: 170,
        sortable: true,
        render: (p) => formatTime(p.createTime),
      },
      ...(canChange
        ? [
            {
              key: 'actions',
              title: '',
              width: 90,
              fixed: 'right' as const,
              render: (p: Product) => (
                <Button type="link" size="small" onClick={() => switchDisplay(p)}>
                  {p.productDisplay ? t('list.takeOff') : t('list.putOn')}
                </Button>
              ),
            },
          ]
        : []),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, label, tenant, canChange, mall]);

  return (
    <>
      <SearchTable<Product>
        querySchema={ProductListQuerySchema}
        persistKey={PRODUCT_LIST}
        tenant={tenant}
        rowKey="id"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) =>
          mall.products(
            { pageNo: params.pageNo, pageSize: params.pageSize, ...toProductFilter(params) },
            signal,
          )
        }
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Space key="change">
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => void navigate(productEditorPath(tenant))}
                  >
                    {t('list.create')}
                  </Button>
                  <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                    {t('list.upload')}
                  </Button>
                </Space>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${PRODUCTS}/export`}
            query={toProductFilter(params)}
            columns={shown.filter((key) => key !== 'actions')}
            fileName="products"
          />,
        ]}
      />
      <ProductUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onAdded={() => void refresh()}
      />
    </>
  );
}
