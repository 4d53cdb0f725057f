import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REMOTE_OPERATION_TYPES, type RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { ExportButton } from '../../app/tasks/ExportButton';
import {
  SearchTable,
  searchTableQueryKey,
  type SearchFilter,
  type SearchTableColumn,
} from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { BulkRegistration } from './BulkRegistration';
import { RemoteOperationDrawer } from './RemoteOperationDrawer';
import {
  FOLLOW_MS,
  isUnfinished,
  REMOTE_OPERATION_LIST,
  remoteOperationsExportPath,
  useRemoteOperationsApi,
} from './remote-operations-api';
import {
  CREATE_TIME_NAMES,
  DEFAULT_STATUS_CHOICE,
  toRemoteOperationFilter,
  toRemoteOperationListQuery,
} from './remote-operation-list-query';
import { useRemoteOperationColumns } from './use-remote-operation-columns';
import { useStatusChoiceOptions } from './use-status-choice-options';

/**
 * The network's remote operations (spec C7.3.14 without a resource): by station, charger, operation type,
 * status (unfinished by default) and time, with export. Running upgrades show their progress, read again
 * every 2 s while any shown operation is unfinished; a row opens the command and the charger's answer.
 */
export default function RemoteOperationListPage() {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const label = useEnumLabel();
  const queryClient = useQueryClient();
  const statusOptions = useStatusChoiceOptions();
  const logColumns = useRemoteOperationColumns({ withStation: true });
  const [open, setOpen] = useState<RemoteOperationLog | null>(null);
  const [following, setFollowing] = useState(false);

  // The status filter always names its choice, so the form shows "unfinished" rather than an empty select
  // when the list opens (and after a reset) with the spec's default.
  const [params, setParams] = useSearchParams();
  const statusMissing = !params.get('status');
  useEffect(() => {
    if (!statusMissing) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('status', DEFAULT_STATUS_CHOICE);
        return next;
      },
      { replace: true },
    );
  }, [statusMissing, setParams]);

  useEffect(() => {
    if (!following) return;
    const timer = setInterval(
      () =>
        void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, REMOTE_OPERATION_LIST) }),
      FOLLOW_MS,
    );
    return () => clearInterval(timer);
  }, [following, queryClient, tenant]);

  const columns = useMemo<SearchTableColumn<RemoteOperationLog>[]>(
    () => [
      {
        key: 'remoteOperationLogId',
        title: t('field.remoteOperationLogId'),
        width: 100,
        fixed: 'left',
        render: (log) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(log)}>
            {log.remoteOperationLogId}
          </Button>
        ),
      },
      ...logColumns,
    ],
    [t, logColumns],
  );

  const filters = useMemo<SearchFilter[]>(
    () => [
      { type: 'select', name: 'status', label: t('filter.status'), options: statusOptions },
      { type: 'datetimeRange', name: 'createTime', names: CREATE_TIME_NAMES, label: t('filter.createTime') },
      { type: 'input', name: 'resource_id', label: t('field.resourceId') },
      { type: 'input', name: 'charge_point_id', label: t('field.chargePointId') },
      {
        type: 'select',
        name: 'operation_type',
        label: t('field.operationType'),
        options: REMOTE_OPERATION_TYPES.map((type) => ({
          value: type,
          label: label('remoteOperationType', type),
        })),
      },
    ],
    [t, label, statusOptions],
  );

  return (
    <>
      <SearchTable<RemoteOperationLog>
        persistKey={REMOTE_OPERATION_LIST}
        tenant={tenant}
        rowKey="remoteOperationLogId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        empty={t('list.empty')}
        request={async (search, { signal }) => {
          const page = await operations.list(toRemoteOperationListQuery(search), signal);
          setFollowing(page.items.some(isUnfinished));
          return page;
        }}
        actions={({ params: search, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={remoteOperationsExportPath(tenant)}
            query={toRemoteOperationFilter(search)}
            columns={shown}
            fileName="remote-operations"
          />,
          <BulkRegistration key="bulk" tenant={tenant} />,
        ]}
      />
      <RemoteOperationDrawer log={open} onClose={() => setOpen(null)} />
    </>
  );
}
