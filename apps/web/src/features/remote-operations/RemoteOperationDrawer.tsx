import { Descriptions, Drawer, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { ErrorResult } from '../../app/errors/ErrorResult';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime, orDash } from '../../components/format';
import { stationDetailPath } from '../../app/screen-links';
import { useStationsTenant } from '../../components/lookups';
import { OperationProgress } from './OperationProgress';
import { RemoteOperationStatusTag } from './RemoteOperationStatusTag';
import {
  FOLLOW_MS,
  isUnfinished,
  remoteOperationKeys,
  useRemoteOperationsApi,
} from './remote-operations-api';
import { ChargerAnswer } from './ChargerAnswer';
import { useOperationReason } from './use-operation-reason';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** What the charger made of the command: the log's state as the answer and the notifications left it. */
const answerOf = (log: RemoteOperationLog) => ({
  status: log.status,
  reason: log.reason,
  progress: log.progress,
  percentage: log.percentage,
  chargeSessionId: log.chargeSessionId,
  upgradeInfo: log.upgradeInfo,
  chargerAnswer: log.answer,
});

/**
 * One remote operation: who sent what to which charger, the OCPP payload and where the charger took it,
 * read again while it runs.
 */
export function RemoteOperationDrawer({
  log,
  onClose,
}: {
  log: RemoteOperationLog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const label = useEnumLabel();
  const reason = useOperationReason();
  const id = log?.remoteOperationLogId ?? 0;
  const current = useQuery({
    queryKey: remoteOperationKeys.detail(tenant, id),
    queryFn: ({ signal }) => operations.get(id, signal),
    enabled: log !== null,
    initialData: log ?? undefined,
    refetchInterval: (query) => (query.state.data && isUnfinished(query.state.data) ? FOLLOW_MS : false),
  });
  const shown = current.data ?? log;

  return (
    <Drawer
      open={log !== null}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={t('drawer.title', { id })}
    >
      {current.isError ? (
        <ErrorResult error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        shown && (
          <Flex vertical gap={16}>
            <Descriptions
              column={1}
              size="small"
              bordered
              items={[
                {
                  key: 'resourceId',
                  label: t('field.resourceId'),
                  children: (
                    <Link
                      to={`${stationDetailPath(tenant, 'ChargeStation', shown.resourceId)}&tab=remote-operations`}
                    >
                      {shown.resourceId}
                    </Link>
                  ),
                },
                { key: 'chargePointId', label: t('field.chargePointId'), children: shown.chargePointId },
                {
                  key: 'connectorNo',
                  label: t('field.connectorNo'),
                  children: shown.connectorNo ?? '-',
                },
                {
                  key: 'operationType',
                  label: t('field.operationType'),
                  children: label('remoteOperationType', shown.operationType),
                },
                {
                  key: 'operator',
                  label: t('field.operator'),
                  children: `${label('remoteOperatorType', shown.operatorType)} · ${shown.operator}`,
                },
                {
                  key: 'status',
                  label: t('field.status'),
                  children: <RemoteOperationStatusTag status={shown.status} />,
                },
                { key: 'progress', label: t('field.progress'), children: <OperationProgress log={shown} /> },
                { key: 'reason', label: t('field.reason'), children: reason(shown.reason) },
                {
                  key: 'chargeSessionId',
                  label: t('field.chargeSessionId'),
                  children: orDash(shown.chargeSessionId),
                },
                { key: 'createAt', label: t('field.createAt'), children: formatTime(shown.createAt) },
                { key: 'updateAt', label: t('field.updateAt'), children: formatTime(shown.updateAt) },
                { key: 'command', label: t('field.command'), children: shown.command },
                { key: 'commandId', label: t('field.commandId'), children: orDash(shown.commandId) },
              ]}
            />
            <div>
              <Typography.Title level={5}>{t('drawer.payload')}</Typography.Title>
              <Typography.Paragraph>
                <pre data-testid="operation-payload">{pretty(shown.commandInfo)}</pre>
              </Typography.Paragraph>
            </div>
            <div>
              <Typography.Title level={5}>{t('drawer.answer')}</Typography.Title>
              <ChargerAnswer log={shown} />
              <Typography.Paragraph>
                <pre data-testid="operation-answer">{pretty(answerOf(shown))}</pre>
              </Typography.Paragraph>
            </div>
          </Flex>
        )
      )}
    </Drawer>
  );
}
