import { useMemo, useState } from 'react';
import { Button, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { EquipmentOwner, Operator, SubOperator } from '@cmp/domain/stations/operators';
import { hasRole } from '../../app/session/roles';
import { useCurrentUser } from '../../app/session/current-user';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  FormDrawer,
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
} from '../../components';
import { EMPTY_OPERATOR, OperatorForm, toOperatorFields, type OperatorFormValues } from './OperatorForm';
import {
  exportPath,
  keywordQuery,
  operatorDetailPath,
  operatorKeys,
  operatorQuery,
  useOperatorSaveError,
  useOperatorsApi,
  useOperatorsTenant,
} from './operators-api';

const TABS = ['operators', 'equipmentOwners', 'subOperators'] as const;
type TabKey = (typeof TABS)[number];

/** A yes/no flag as a label in the reader's language, never `true`/`false`. */
export function YesNoTag({ value }: { value: boolean }) {
  const { t } = useTranslation('operators');
  return value ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>;
}

/**
 * Operators, equipment owners and sub-operators (spec "Operators and owners"): one tab per list, each with
 * its search, paging and export; operators open their detail page, and operators of the tenant create one.
 */
export default function OperatorsPage() {
  const { t } = useTranslation('operators');
  const [searchParams, setSearchParams] = useSearchParams();
  const given = searchParams.get('tab');
  const tab: TabKey = TABS.includes(given as TabKey) ? (given as TabKey) : 'operators';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearchParams({ tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        { key: 'operators', label: t('tab.operators'), children: <OperatorList /> },
        { key: 'equipmentOwners', label: t('tab.equipmentOwners'), children: <EquipmentOwnerList /> },
        { key: 'subOperators', label: t('tab.subOperators'), children: <SubOperatorList /> },
      ]}
    />
  );
}

function OperatorList() {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const canEdit = hasRole(useCurrentUser(), tenant, 'operator');
  const [creating, setCreating] = useState(false);
  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'input',
        name: 'keyword',
        label: t('filter.keyword'),
        placeholder: t('filter.operatorKeyword'),
      },
      { type: 'input', name: 'equipmentOwnerId', label: t('field.equipmentOwnerId') },
    ],
    [t],
  );
  const columns = useMemo<SearchTableColumn<Operator>[]>(
    () => [
      {
        key: 'operatorName',
        title: t('field.operatorName'),
        sortable: true,
        width: 220,
        fixed: 'left',
        ellipsis: true,
        render: (row) => <Link to={operatorDetailPath(tenant, row.operatorId)}>{row.operatorName}</Link>,
      },
      { key: 'operatorId', title: t('field.operatorId'), sortable: true, width: 140 },
      {
        key: 'operatorOrganizationCode',
        title: t('field.operatorOrganizationCode'),
        width: 190,
        render: (row) => row.operatorOrganizationCode ?? '-',
      },
      {
        key: 'equipmentOwnerName',
        title: t('field.equipmentOwner'),
        width: 240,
        ellipsis: true,
        render: (row) => row.equipmentOwnerName ?? '-',
      },
      {
        key: 'equipmentOwnerId',
        title: t('field.equipmentOwnerId'),
        width: 140,
        hiddenByDefault: true,
        render: (row) => row.equipmentOwnerId ?? '-',
      },
      {
        key: 'controlledByNio',
        title: t('field.controlledByNio'),
        width: 110,
        render: (row) => <YesNoTag value={row.controlledByNio} />,
      },
      {
        key: 'isSharedPower',
        title: t('field.isSharedPower'),
        width: 110,
        render: (row) => <YesNoTag value={row.isSharedPower} />,
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 90,
        fixed: 'right',
        render: (row) => <Link to={operatorDetailPath(tenant, row.operatorId)}>{t('list.view')}</Link>,
      },
    ],
    [t, tenant],
  );
  return (
    <>
      <SearchTable<Operator>
        persistKey="operators.list"
        tenant={tenant}
        rowKey="operatorId"
        title={t('tab.operators')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => api.operators(params, signal)}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={exportPath(tenant, 'operators')}
            query={operatorQuery(params)}
            columns={shown.filter((key) => key !== 'actions')}
            fileName={t('export.operators')}
          />,
          ...(canEdit
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('list.create')}
                </Button>,
              ]
            : []),
        ]}
      />
      <CreateOperatorDrawer open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function CreateOperatorDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const saveError = useOperatorSaveError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submit = async (values: OperatorFormValues) => {
    const created = await api
      .create({ operatorId: values.operatorId, ...toOperatorFields(values) })
      .catch((error: unknown) => {
        throw saveError(error);
      });
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, 'operators.list') });
    void queryClient.invalidateQueries({ queryKey: operatorKeys.all(tenant) });
    onClose();
    void navigate(operatorDetailPath(tenant, created.operatorId));
  };
  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      destroyOnHidden
      maskClosable={false}
      size={520}
      title={t('drawer.createTitle')}
    >
      <OperatorForm defaultMode="create" initialValues={EMPTY_OPERATOR} onSubmit={submit} editable />
    </FormDrawer>
  );
}

function EquipmentOwnerList() {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'input', name: 'keyword', label: t('filter.keyword'), placeholder: t('filter.ownerKeyword') },
    ],
    [t],
  );
  const columns = useMemo<SearchTableColumn<EquipmentOwner>[]>(
    () => [
      {
        key: 'equipmentOwnerName',
        title: t('field.equipmentOwnerName'),
        sortable: true,
        width: 260,
        fixed: 'left',
        ellipsis: true,
      },
      { key: 'equipmentOwnerId', title: t('field.equipmentOwnerId'), sortable: true, width: 150 },
      {
        key: 'organizationCode',
        title: t('field.operatorOrganizationCode'),
        width: 190,
        render: (row) => row.organizationCode ?? '-',
      },
      {
        key: 'operatorName',
        title: t('field.ownOperator'),
        width: 220,
        ellipsis: true,
        render: (row) =>
          row.operatorId ? (
            <Link to={operatorDetailPath(tenant, row.operatorId)}>{row.operatorName}</Link>
          ) : (
            t('owner.noOwnOperator')
          ),
      },
      {
        key: 'operatorId',
        title: t('field.ownOperatorId'),
        width: 140,
        hiddenByDefault: true,
        render: (row) => row.operatorId ?? '-',
      },
    ],
    [t, tenant],
  );
  return (
    <SearchTable<EquipmentOwner>
      persistKey="operators.equipment-owners"
      tenant={tenant}
      rowKey="equipmentOwnerId"
      title={t('tab.equipmentOwners')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => api.equipmentOwners(params, signal)}
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={exportPath(tenant, 'equipment-owners')}
          query={keywordQuery(params)}
          columns={shown}
          fileName={t('export.equipmentOwners')}
        />,
      ]}
    />
  );
}

function SubOperatorList() {
  const { t } = useTranslation('operators');
  const tenant = useOperatorsTenant();
  const api = useOperatorsApi();
  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'input',
        name: 'keyword',
        label: t('filter.keyword'),
        placeholder: t('filter.subOperatorKeyword'),
      },
    ],
    [t],
  );
  const columns = useMemo<SearchTableColumn<SubOperator>[]>(
    () => [
      {
        key: 'subOperatorName',
        title: t('field.subOperatorName'),
        sortable: true,
        width: 260,
        fixed: 'left',
        ellipsis: true,
      },
      { key: 'subOperatorId', title: t('field.subOperatorId'), sortable: true, width: 140 },
      { key: 'organizationCode', title: t('field.operatorOrganizationCode'), width: 190 },
      {
        key: 'serviceTel',
        title: t('field.serviceTel'),
        width: 150,
        render: (row) => row.serviceTel ?? '-',
      },
      {
        key: 'syncedAt',
        title: t('field.syncedAt'),
        sortable: true,
        width: 170,
        render: (row) => dayjs(row.syncedAt).format('YYYY-MM-DD HH:mm'),
      },
    ],
    [t],
  );
  return (
    <SearchTable<SubOperator>
      persistKey="operators.sub-operators"
      tenant={tenant}
      rowKey="subOperatorId"
      title={t('tab.subOperators')}
      columns={columns}
      filters={filters}
      request={(params, { signal }) => api.subOperators(params, signal)}
      actions={({ params, columns: shown }) => [
        <ExportButton
          key="export"
          tenant={tenant}
          path={exportPath(tenant, 'sub-operators')}
          query={keywordQuery(params)}
          columns={shown}
          fileName={t('export.subOperators')}
        />,
      ]}
    />
  );
}
