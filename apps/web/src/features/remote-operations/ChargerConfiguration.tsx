import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GetConfigurationAnswerSchema,
  type ConfigurationKeyValue,
} from '@cmp/domain/stations/ocpp-operations';
import type { PowerCharger, RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { AnswerStatusTag, ConfigurationTable, UnknownKeys } from './ChargerAnswer';
import { CommandModal } from './CommandModal';
import { remoteOperationKeys, useRemoteOperationsApi } from './remote-operations-api';
import { useOperationReason } from './use-operation-reason';

/** How many of a charger's last configuration reads are looked through for one of every key. */
const READS_LOOKED_AT = 20;

/**
 * A charger's configuration as it last answered GetConfiguration for every key, read again on demand;
 * keys the charger lets change are edited with ChangeConfiguration, whose answer (Accepted,
 * RebootRequired, Rejected, NotSupported) is shown as a label, and the configuration is then read again.
 */
export function ChargerConfiguration({ charger }: { charger: PowerCharger | undefined }) {
  const { t } = useTranslation('remoteOperations');
  const [open, setOpen] = useState(false);
  const blocked = !charger?.registered ? t('command.unregisteredHint') : undefined;
  const button = (
    <Button size="small" disabled={blocked !== undefined} onClick={() => setOpen(true)}>
      {t('configuration.open')}
    </Button>
  );
  return (
    <>
      {blocked === undefined ? (
        button
      ) : (
        <Tooltip title={blocked}>
          <span style={{ display: 'inline-block' }}>{button}</span>
        </Tooltip>
      )}
      {charger && open && <ConfigurationDrawer charger={charger} onClose={() => setOpen(false)} />}
    </>
  );
}

function ConfigurationDrawer({ charger, onClose }: { charger: PowerCharger; onClose: () => void }) {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const reason = useOperationReason();
  const canChange = useCanChange();
  const [editing, setEditing] = useState<ConfigurationKeyValue>();
  const [lastChange, setLastChange] = useState<RemoteOperationLog>();
  const queryKey = [...remoteOperationKeys.all(tenant), 'configuration', charger.chargePointId];

  // The newest read of every key: a read of named keys shows only those.
  const lastRead = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const reads = await operations.list(
        {
          charge_point_id: charger.chargePointId,
          operation_type: 'GET_CONFIGURATION',
          status: '1',
          pageSize: READS_LOOKED_AT,
        },
        signal,
      );
      return reads.items.find((log) => log.commandInfo.key === undefined) ?? null;
    },
  });
  const read = useMutation({
    mutationFn: () => operations.command(charger.chargePointId, { operationType: 'GET_CONFIGURATION' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteOperationKeys.all(tenant) }),
  });

  const blocked = !canChange
    ? t('command.viewerHint')
    : !charger.online
      ? t('command.offlineHint')
      : undefined;
  const parsed = GetConfigurationAnswerSchema.safeParse(lastRead.data?.answer ?? {});
  const keys = parsed.success ? (parsed.data.configurationKey ?? []) : [];
  const failedRead = read.data && read.data.status !== 1 ? read.data : undefined;

  return (
    <Drawer
      open
      width={760}
      title={t('configuration.title', { chargePointId: charger.chargePointId })}
      onClose={onClose}
      extra={
        <Tooltip title={blocked}>
          <Button
            type="primary"
            loading={read.isPending}
            disabled={blocked !== undefined}
            onClick={() => read.mutate()}
          >
            {t('configuration.read')}
          </Button>
        </Tooltip>
      }
    >
      <Flex vertical gap={12}>
        {read.isPending && <Alert type="info" showIcon title={t('command.sending')} />}
        {read.isError && <Alert type="error" showIcon title={describe(read.error)} />}
        {failedRead && (
          <Alert
            type="error"
            showIcon
            title={t('command.failed', {
              operation: t('configuration.read'),
              reason: reason(failedRead.reason),
            })}
          />
        )}
        {lastChange && (
          <Alert
            type={lastChange.status === 1 ? 'success' : 'error'}
            showIcon
            data-testid="configuration-change"
            title={
              <Flex gap={8} align="center" wrap>
                {t('configuration.changed', {
                  key: String(lastChange.commandInfo.key),
                  value: String(lastChange.commandInfo.value),
                })}
                {lastChange.answer ? (
                  <AnswerStatusTag status={lastChange.answer.status} />
                ) : (
                  reason(lastChange.reason)
                )}
              </Flex>
            }
          />
        )}
        {lastRead.isPending ? (
          <Skeleton active />
        ) : lastRead.isError ? (
          <Alert
            type="error"
            showIcon
            title={describe(lastRead.error)}
            action={<Button onClick={() => void lastRead.refetch()}>{t('ocpp.retry')}</Button>}
          />
        ) : !lastRead.data ? (
          <Empty description={t('configuration.never')} />
        ) : (
          <>
            <Typography.Text type="secondary">
              {t('configuration.readAt', {
                time: formatTime(lastRead.data.updateAt),
                operator: lastRead.data.operator,
              })}
            </Typography.Text>
            <ConfigurationTable
              keys={keys}
              action={(key) =>
                key.readonly ? null : (
                  <Tooltip title={blocked}>
                    <Button
                      size="small"
                      type="link"
                      disabled={blocked !== undefined}
                      onClick={() => setEditing(key)}
                    >
                      {t('configuration.edit')}
                    </Button>
                  </Tooltip>
                )
              }
            />
            <UnknownKeys keys={parsed.success ? (parsed.data.unknownKey ?? []) : []} />
          </>
        )}
      </Flex>
      <CommandModal
        // A form starts from its initial values once: each key edited gets a dialog of its own.
        key={editing?.key ?? ''}
        operation={editing ? 'CHANGE_CONFIGURATION' : null}
        charger={charger}
        initialValues={editing ? { key: editing.key, value: editing.value ?? '' } : undefined}
        onAnswered={(log) => {
          setLastChange(log);
          // The value the table shows is the charger's: read it again once it took the change.
          if (log.status === 1) read.mutate();
        }}
        onClose={() => setEditing(undefined)}
      />
    </Drawer>
  );
}
