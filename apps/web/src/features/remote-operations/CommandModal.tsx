import { useState } from 'react';
import { Alert, AutoComplete, Button, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  RemoteCommandSchema,
  TRIGGER_MESSAGES,
  type PowerCharger,
  type RemoteCommand,
  type RemoteOperationLog,
} from '@cmp/domain/stations/remote-operations';
import { formatMessage } from '@cmp/domain/messages/format';
import { ruleMessageOfIssue } from '@cmp/domain/shared/zod-issues';
import type { Tenant } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';
import { formatTime } from '../../components/format';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useFormRules } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useSchemaRules } from '../../components/EntityForm/schema-rules';
import { useStationsTenant } from '../../components/lookups';
import { ChargerAnswer } from './ChargerAnswer';
import { OCPP_OPERATION_TYPES, OcppOperationFields, type OcppOperationType } from './OcppOperationFields';
import { isUnfinished, remoteOperationKeys, useRemoteOperationsApi } from './remote-operations-api';
import { useOperationReason } from './use-operation-reason';

export type CommandType = RemoteCommand['operationType'];

interface CommandValues {
  connectorNo?: number;
  idTag?: string;
  chargeSessionId?: string;
  availability?: 'Operative' | 'Inoperative';
  requestedMessage?: (typeof TRIGGER_MESSAGES)[number];
  /** The members of the other commands (configuration, local list, reservation, smart charging). */
  [member: string]: unknown;
}

/** A form value as the command carries it: dates as epoch milliseconds, empty members left out. */
function toMember(value: unknown): unknown {
  if (dayjs.isDayjs(value)) return value.valueOf();
  if (Array.isArray(value)) return value.map(toMember);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, member]) => member !== undefined && member !== null && member !== '')
        .map(([key, member]) => [key, toMember(member)]),
    );
  return value;
}

/** The form's values as the command the route takes; the contract checks it field by field. */
const toCommand = (operationType: CommandType, values: CommandValues): unknown => ({
  operationType,
  ...(toMember(values) as object),
});

const isOcppOperation = (operation: CommandType | null): operation is OcppOperationType =>
  (OCPP_OPERATION_TYPES as readonly string[]).includes(operation ?? '');
/** Commands whose form or answer is a table: a wider dialog. */
const WIDE: ReadonlySet<CommandType> = new Set([
  'GET_CONFIGURATION',
  'SEND_LOCAL_LIST',
  'SET_CHARGING_PROFILE',
  'GET_COMPOSITE_SCHEDULE',
]);

/** The running sessions of a charger, the ones a remote stop can end. */
export const runningSessions = (charger: PowerCharger): string[] =>
  charger.connectors.flatMap((c) => (c.chargeSessionId === null ? [] : [c.chargeSessionId]));

const RESULT_TYPES = { 0: 'info', 1: 'success', 2: 'error', 3: 'info' } as const;
/** The network list of all the charger's operations, where one that has ended is still to be found. */
const endedOperationsPath = (tenant: Tenant, chargePointId: string) =>
  tenantPath(
    tenant,
    `${findArea('remoteOperations')?.path ?? ''}?${new URLSearchParams({ status: 'all', charge_point_id: chargePointId }).toString()}`,
  );

const RESULT_TEXTS = {
  0: 'command.sent',
  1: 'command.succeeded',
  2: 'command.failed',
  3: 'command.running',
} as const;

/**
 * Confirms one command with what it needs (connector, id tag, session…), sends it and shows what the
 * charger answered: the route answers once the charger did, or with the failure (offline, no answer in time,
 * refused) in words.
 */
export function CommandModal({
  operation,
  charger,
  onClose,
  initialValues,
  onAnswered,
}: {
  operation: CommandType | null;
  charger: PowerCharger;
  onClose: () => void;
  /** Values the form starts from (a configuration key to change). */
  initialValues?: CommandValues;
  /** Told of the charger's answer, for a screen that shows what the command changed. */
  onAnswered?: (log: RemoteOperationLog) => void;
}) {
  const { t } = useTranslation('remoteOperations');
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const reason = useOperationReason();
  const label = useEnumLabel();
  const formRules = useFormRules();
  const [form] = Form.useForm<CommandValues>();
  const [answer, setAnswer] = useState<RemoteOperationLog>();
  const [invalid, setInvalid] = useState<string>();
  const locale = useDomainLocale();
  // The reservations the portal made on this charger, the ones a cancellation names.
  const reservations = useQuery({
    queryKey: [...remoteOperationKeys.all(tenant), 'reservations', charger.chargePointId],
    queryFn: ({ signal }) =>
      operations.list(
        { charge_point_id: charger.chargePointId, operation_type: 'RESERVE_NOW', status: '1', pageSize: 50 },
        signal,
      ),
    enabled: operation === 'CANCEL_RESERVATION',
  });
  const reservationOptions = (reservations.data?.items ?? []).map((log) => ({
    value: log.remoteOperationLogId,
    label: t('ocppForm.reservationOption', {
      id: log.remoteOperationLogId,
      connectorNo: log.connectorNo ?? '-',
      idTag: String(log.commandInfo.idTag ?? ''),
      expiry: formatTime(Date.parse(String(log.commandInfo.expiryDate))),
    }),
  }));
  const rulesFor = useSchemaRules<CommandValues>(RemoteCommandSchema, (values) =>
    toCommand(operation ?? 'RESET_SOFT', values),
  );

  const send = useMutation({
    mutationFn: (command: RemoteCommand) => operations.command(charger.chargePointId, command),
    onSuccess: (log) => {
      setAnswer(log);
      onAnswered?.(log);
    },
    // The charger's state (its connectors, its session) and the logs move with the answer.
    onSettled: () => queryClient.invalidateQueries({ queryKey: remoteOperationKeys.all(tenant) }),
  });

  const close = () => {
    setAnswer(undefined);
    setInvalid(undefined);
    send.reset();
    form.resetFields();
    onClose();
  };
  const submit = (values: CommandValues) => {
    if (!operation) return;
    const parsed = RemoteCommandSchema.safeParse(toCommand(operation, values));
    if (parsed.success) {
      setInvalid(undefined);
      send.mutate(parsed.data);
    } else {
      // A rule across members (a full list's statuses) is told at the field it concerns, and above the form.
      const issues = parsed.error.issues.map((issue) => ({
        name: issue.path as (string | number)[],
        errors: [formatMessage(locale, ruleMessageOfIssue(issue))],
      }));
      form.setFields(issues);
      setInvalid(issues[0]!.errors[0]);
    }
  };

  const name = operation ? label('remoteOperationType', operation) : '';
  const connectors = charger.connectors
    .filter((c) => c.connectorNo >= 1)
    .map((c) => ({
      value: c.connectorNo,
      label: `#${c.connectorNo}${c.connectorId ? ` ${c.connectorId}` : ''}`,
    }));
  const done = answer !== undefined;

  return (
    <Modal
      open={operation !== null}
      title={name}
      onCancel={close}
      destroyOnHidden
      width={operation && WIDE.has(operation) ? 760 : undefined}
      mask={{ closable: !send.isPending }}
      footer={
        done ? (
          <Button type="primary" onClick={close}>
            {t('command.close')}
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close} disabled={send.isPending}>
              {t('command.cancel')}
            </Button>
            <Button type="primary" loading={send.isPending} onClick={() => form.submit()}>
              {t('command.send')}
            </Button>
          </Flex>
        )
      }
    >
      {operation && (
        <Flex vertical gap={12}>
          <Typography.Text>
            {t('command.confirm', { operation: name, chargePointId: charger.chargePointId })}
          </Typography.Text>
          <Typography.Text type="secondary">{t(`command.hint.${operation}`)}</Typography.Text>
          <Form<CommandValues>
            form={form}
            layout="vertical"
            disabled={send.isPending || done}
            onFinish={submit}
            initialValues={initialValues}
          >
            {isOcppOperation(operation) && (
              <OcppOperationFields
                operation={operation}
                charger={charger}
                rulesFor={rulesFor}
                reservations={reservationOptions}
              />
            )}
            {(operation === 'UNLOCK_CONNECTOR' || operation === 'REMOTE_START') && (
              <Form.Item
                name="connectorNo"
                label={t('command.connectorNo')}
                rules={operation === 'UNLOCK_CONNECTOR' ? [formRules.required()] : []}
              >
                <Select
                  allowClear={operation === 'REMOTE_START'}
                  placeholder={operation === 'REMOTE_START' ? t('command.connectorAny') : undefined}
                  options={connectors}
                />
              </Form.Item>
            )}
            {operation === 'REMOTE_START' && (
              <Form.Item
                name="idTag"
                label={t('command.idTag')}
                rules={rulesFor(['idTag'], { required: true })}
              >
                <Input maxLength={20} autoComplete="off" />
              </Form.Item>
            )}
            {operation === 'REMOTE_STOP' && (
              <Form.Item
                name="chargeSessionId"
                label={t('command.chargeSessionId')}
                initialValue={runningSessions(charger)[0]}
                rules={rulesFor(['chargeSessionId'], { required: true })}
              >
                {/* The sessions the portal knows are offered; one it has not heard of yet can be typed. */}
                <AutoComplete options={runningSessions(charger).map((id) => ({ value: id }))} />
              </Form.Item>
            )}
            {operation === 'CHANGE_AVAILABILITY' && (
              <>
                <Form.Item name="connectorNo" label={t('command.connectorNo')} initialValue={0}>
                  <Select options={[{ value: 0, label: t('command.wholeCharger') }, ...connectors]} />
                </Form.Item>
                <Form.Item name="availability" label={t('command.availability')} initialValue="Inoperative">
                  <Radio.Group
                    options={[
                      { value: 'Operative', label: t('command.availabilityOperative') },
                      { value: 'Inoperative', label: t('command.availabilityInoperative') },
                    ]}
                  />
                </Form.Item>
              </>
            )}
            {operation === 'TRIGGER_MESSAGE' && (
              <>
                <Form.Item
                  name="requestedMessage"
                  label={t('command.requestedMessage')}
                  initialValue="StatusNotification"
                >
                  <Select
                    options={TRIGGER_MESSAGES.map((m) => ({ value: m, label: label('triggerMessage', m) }))}
                  />
                </Form.Item>
                <Form.Item name="connectorNo" label={t('command.connectorNo')}>
                  <Select allowClear placeholder={t('command.connectorAny')} options={connectors} />
                </Form.Item>
              </>
            )}
          </Form>
          {invalid && <Alert type="error" showIcon title={invalid} />}
          {send.isPending && <Alert type="info" showIcon title={t('command.sending')} />}
          {send.isError && <Alert type="error" showIcon title={describe(send.error)} />}
          {answer && (
            <Alert
              type={RESULT_TYPES[answer.status]}
              showIcon
              data-testid="command-answer"
              title={t(RESULT_TEXTS[answer.status], { operation: name, reason: reason(answer.reason) })}
              // The lists open on the unfinished operations (spec '0,3'): one that has ended is found among all.
              action={
                isUnfinished(answer) ? undefined : (
                  <Link to={endedOperationsPath(tenant, charger.chargePointId)} onClick={close}>
                    {t('command.seeAmongAll')}
                  </Link>
                )
              }
            />
          )}
          {answer && <ChargerAnswer log={answer} />}
        </Flex>
      )}
    </Modal>
  );
}
