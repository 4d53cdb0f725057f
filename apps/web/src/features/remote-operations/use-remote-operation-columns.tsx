import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import type { SearchTableColumn } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { stationDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import { OperationProgress } from './OperationProgress';
import { RemoteOperationStatusTag } from './RemoteOperationStatusTag';
import { useOperationReason } from './use-operation-reason';

/**
 * The columns of a remote operation log list, keyed as the export's. The network list adds the station
 * (`withStation`); a station's own tab knows it.
 */
export function useRemoteOperationColumns({
  withStation,
}: {
  withStation: boolean;
}): SearchTableColumn<RemoteOperationLog>[] {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const label = useEnumLabel();
  const reason = useOperationReason();

  return useMemo(() => {
    const station: SearchTableColumn<RemoteOperationLog>[] = withStation
      ? [
          {
            key: 'resourceId',
            title: t('field.resourceId'),
            width: 170,
            ellipsis: true,
            render: (log) => (
              <Link
                to={`${stationDetailPath(tenant, 'ChargeStation', log.resourceId)}&tab=remote-operations`}
              >
                {log.resourceId}
              </Link>
            ),
          },
        ]
      : [];
    return [
      {
        key: 'createAt',
        title: t('field.createAt'),
        width: 170,
        sortable: true,
        render: (log) => formatTime(log.createAt),
      },
      ...station,
      {
        key: 'chargePointId',
        title: t('field.chargePointId'),
        width: 170,
        ellipsis: true,
        render: (log) =>
          log.connectorNo === null ? log.chargePointId : `${log.chargePointId} #${log.connectorNo}`,
      },
      {
        key: 'operationType',
        title: t('field.operationType'),
        width: 110,
        render: (log) => label('remoteOperationType', log.operationType),
      },
      {
        key: 'operator',
        title: t('field.operator'),
        width: 170,
        ellipsis: true,
        render: (log) => `${label('remoteOperatorType', log.operatorType)} · ${log.operator}`,
      },
      {
        key: 'status',
        title: t('field.status'),
        width: 100,
        render: (log) => <RemoteOperationStatusTag status={log.status} />,
      },
      {
        key: 'progress',
        title: t('field.progress'),
        width: 170,
        render: (log) => <OperationProgress log={log} />,
      },
      {
        key: 'reason',
        title: t('field.reason'),
        width: 220,
        ellipsis: true,
        render: (log) => reason(log.reason),
      },
      {
        key: 'chargeSessionId',
        title: t('field.chargeSessionId'),
        width: 110,
        render: (log) => orDash(log.chargeSessionId),
      },
      {
        key: 'updateAt',
        title: t('field.updateAt'),
        width: 170,
        hiddenByDefault: true,
        render: (log) => formatTime(log.updateAt),
      },
      {
        key: 'commandId',
        title: t('field.commandId'),
        width: 200,
        hiddenByDefault: true,
        ellipsis: true,
        render: (log) => orDash(log.commandId),
      },
    ];
  }, [t, tenant, label, reason, withStation]);
}
