import { Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CompositeScheduleAnswerSchema,
  GetConfigurationAnswerSchema,
  OCPP_ANSWER_STATUSES,
  type ConfigurationKeyValue,
} from '@cmp/domain/stations/ocpp-operations';
import type { RemoteOperationLog } from '@cmp/domain/stations/remote-operations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';

const ANSWER_COLORS: Partial<Record<string, string>> = {
  Accepted: 'green',
  Unlocked: 'green',
  Scheduled: 'blue',
  RebootRequired: 'orange',
};

/** The charger's status word as a label, in the reader's language; a word 1.6 does not define as it came. */
export function AnswerStatusTag({ status }: { status: unknown }) {
  const label = useEnumLabel();
  if (typeof status !== 'string') return null;
  const known = (OCPP_ANSWER_STATUSES as readonly string[]).includes(status);
  return (
    <Tag color={ANSWER_COLORS[status] ?? 'red'} data-testid="answer-status">
      {known ? label('ocppAnswerStatus', status) : status}
    </Tag>
  );
}

/** A configuration as GetConfiguration answered it: keys with their values and whether they can change. */
export function ConfigurationTable({
  keys,
  action,
}: {
  keys: ConfigurationKeyValue[];
  /** What a row offers (an edit), given its key. */
  action?: (key: ConfigurationKeyValue) => React.ReactNode;
}) {
  const { t } = useTranslation('remoteOperations');
  return (
    <Table<ConfigurationKeyValue>
      size="small"
      tableLayout="fixed"
      rowKey="key"
      pagination={false}
      dataSource={keys}
      locale={{ emptyText: t('configuration.noKeys') }}
      columns={[
        { key: 'key', title: t('configuration.key'), dataIndex: 'key', width: 230 },
        {
          key: 'value',
          title: t('configuration.value'),
          // Values run to 500 characters (a list of profiles): they wrap within the column.
          render: (_, k) =>
            k.value === undefined ? (
              <Typography.Text type="secondary">-</Typography.Text>
            ) : (
              <span style={{ wordBreak: 'break-all' }}>{k.value}</span>
            ),
        },
        {
          key: 'readonly',
          title: t('configuration.access'),
          width: 110,
          render: (_, k) =>
            k.readonly ? (
              <Tag>{t('configuration.readonly')}</Tag>
            ) : (
              <Tag color="blue">{t('configuration.writable')}</Tag>
            ),
        },
        ...(action
          ? [
              {
                key: 'action',
                title: t('ocpp.actions'),
                width: 90,
                render: (_: unknown, k: ConfigurationKeyValue) => action(k),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Keys the charger said it does not know, as tags. */
export function UnknownKeys({ keys }: { keys: string[] }) {
  const { t } = useTranslation('remoteOperations');
  if (keys.length === 0) return null;
  return (
    <Flex gap={4} wrap align="center" data-testid="unknown-keys">
      <Typography.Text type="secondary">{t('configuration.unknownKeys')}</Typography.Text>
      {keys.map((key) => (
        <Tag key={key} color="red">
          {key}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * What a charger answered beyond done or failed: its status word as a label, and the data some calls
 * answer with (a configuration, a local list version, a composite schedule).
 */
export function ChargerAnswer({ log }: { log: RemoteOperationLog }) {
  const { t } = useTranslation('remoteOperations');
  const label = useEnumLabel();
  const answer = log.answer;
  if (!answer) return null;
  const status = answer.status;
  switch (log.operationType) {
    case 'GET_CONFIGURATION': {
      const parsed = GetConfigurationAnswerSchema.safeParse(answer);
      if (!parsed.success) return null;
      return (
        <Flex vertical gap={8}>
          <ConfigurationTable keys={parsed.data.configurationKey ?? []} />
          <UnknownKeys keys={parsed.data.unknownKey ?? []} />
        </Flex>
      );
    }
    case 'GET_LOCAL_LIST_VERSION': {
      const version = Number(answer.listVersion);
      return (
        <Typography.Text data-testid="list-version">
          {version === -1
            ? t('answer.listUnsupported')
            : version === 0
              ? t('answer.noList')
              : t('answer.listVersion', { version })}
        </Typography.Text>
      );
    }
    case 'GET_COMPOSITE_SCHEDULE': {
      const parsed = CompositeScheduleAnswerSchema.safeParse(answer);
      const schedule = parsed.success ? parsed.data.chargingSchedule : undefined;
      if (!parsed.success || !schedule) return <AnswerStatusTag status={status} />;
      const start = parsed.data.scheduleStart ? Date.parse(parsed.data.scheduleStart) : null;
      return (
        <Flex vertical gap={8}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('answer.scheduleStart')}>{formatTime(start)}</Descriptions.Item>
            <Descriptions.Item label={t('ocppForm.unit')}>
              {label('chargingRateUnit', schedule.chargingRateUnit)}
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="startPeriod"
            pagination={false}
            data-testid="composite-schedule"
            dataSource={schedule.chargingSchedulePeriod}
            columns={[
              {
                key: 'from',
                title: t('answer.periodFrom'),
                render: (_, p) =>
                  start === null ? `+${p.startPeriod} s` : formatTime(start + p.startPeriod * 1000),
              },
              {
                key: 'limit',
                title: t('ocppForm.limit'),
                render: (_, p) => `${p.limit} ${schedule.chargingRateUnit}`,
              },
              { key: 'phases', title: t('answer.phases'), render: (_, p) => p.numberPhases ?? '-' },
            ]}
          />
        </Flex>
      );
    }
    default:
      return typeof status === 'string' ? (
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('answer.status')}</Typography.Text>
          <AnswerStatusTag status={status} />
        </Flex>
      ) : null;
  }
}
