import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, InputNumber, Select, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CHARGING_PROFILE_KINDS,
  CHARGING_PROFILE_PURPOSES,
  CHARGING_RATE_UNITS,
  ID_TAG_STATUSES,
  LOCAL_LIST_UPDATE_TYPES,
  RECURRENCY_KINDS,
  SECRET_CONFIGURATION_KEYS,
} from '@cmp/domain/stations/ocpp-operations';
import type { PowerCharger } from '@cmp/domain/stations/remote-operations';
import type { EnumerationName } from '@cmp/domain/messages/enumerations';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

type RulesFor = (paths: string[], options?: { required?: boolean }) => FormRule[];

/** The operations whose fields this component draws (the ones added for OCPP 1.6's other profiles). */
export const OCPP_OPERATION_TYPES = [
  'GET_CONFIGURATION',
  'CHANGE_CONFIGURATION',
  'CLEAR_CACHE',
  'SEND_LOCAL_LIST',
  'GET_LOCAL_LIST_VERSION',
  'RESERVE_NOW',
  'CANCEL_RESERVATION',
  'SET_CHARGING_PROFILE',
  'CLEAR_CHARGING_PROFILE',
  'GET_COMPOSITE_SCHEDULE',
] as const;
export type OcppOperationType = (typeof OCPP_OPERATION_TYPES)[number];

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/**
 * The form fields of configuration, local list, reservation and smart charging commands, named as the
 * command's members (nested where the command nests), each checked by the command's own schema.
 */
export function OcppOperationFields({
  operation,
  charger,
  rulesFor,
  reservations,
}: {
  operation: OcppOperationType;
  charger: PowerCharger;
  rulesFor: RulesFor;
  /** Reservations the portal made on this charger, offered to cancel. */
  reservations: { value: number; label: string }[];
}) {
  const { t } = useTranslation('remoteOperations');
  const label = useEnumLabel();
  const options = <V extends string>(kind: EnumerationName, values: readonly V[]) =>
    values.map((value) => ({ value, label: label(kind, value) }));
  const connectors = charger.connectors
    .filter((c) => c.connectorNo >= 1)
    .map((c) => ({
      value: c.connectorNo,
      label: `#${c.connectorNo}${c.connectorId ? ` ${c.connectorId}` : ''}`,
    }));
  const withWhole = [{ value: 0, label: t('command.wholeCharger') }, ...connectors];
  const dateTime = <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} style={{ width: '100%' }} />;

  switch (operation) {
    case 'GET_CONFIGURATION':
      return (
        <Form.Item
          name="keys"
          label={t('ocppForm.keys')}
          extra={t('ocppForm.keysHint')}
          rules={rulesFor(['keys'])}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
        </Form.Item>
      );
    case 'CHANGE_CONFIGURATION':
      return (
        <>
          <Form.Item name="key" label={t('ocppForm.key')} rules={rulesFor(['key'], { required: true })}>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item noStyle dependencies={['key']}>
            {({ getFieldValue }) => (
              <Form.Item name="value" label={t('ocppForm.value')} rules={rulesFor(['value'])}>
                {SECRET_CONFIGURATION_KEYS.has(String(getFieldValue('key') ?? '').trim()) ? (
                  <Input.Password maxLength={500} autoComplete="new-password" />
                ) : (
                  <Input maxLength={500} autoComplete="off" />
                )}
              </Form.Item>
            )}
          </Form.Item>
        </>
      );
    case 'CLEAR_CACHE':
    case 'GET_LOCAL_LIST_VERSION':
      return null;
    case 'SEND_LOCAL_LIST':
      return (
        <>
          <Flex gap={12}>
            <Form.Item
              name="updateType"
              label={t('ocppForm.updateType')}
              initialValue="Differential"
              style={{ flex: 1 }}
            >
              <Select options={options('localListUpdateType', LOCAL_LIST_UPDATE_TYPES)} />
            </Form.Item>
            <Form.Item
              name="listVersion"
              label={t('ocppForm.listVersion')}
              rules={rulesFor(['listVersion'], { required: true })}
              style={{ flex: 1 }}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Form.List name="entries" initialValue={[{}]}>
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="start">
                    <Form.Item
                      name={[field.name, 'idTag']}
                      rules={rulesFor([`entries.${field.name}.idTag`], { required: true })}
                      style={{ flex: 2, marginBottom: 8 }}
                    >
                      <Input
                        maxLength={20}
                        placeholder={t('command.idTag')}
                        aria-label={t('command.idTag')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'status']}
                      rules={rulesFor([`entries.${field.name}.status`])}
                      style={{ flex: 1.5, marginBottom: 8 }}
                    >
                      <Select
                        allowClear
                        placeholder={t('ocppForm.idTagStatus')}
                        aria-label={t('ocppForm.idTagStatus')}
                        options={options('idTagStatus', ID_TAG_STATUSES)}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'expiryDate']} style={{ flex: 2, marginBottom: 8 }}>
                      <DatePicker
                        showTime={{ format: 'HH:mm' }}
                        format={DATE_TIME}
                        placeholder={t('ocppForm.expiryDate')}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('ocppForm.removeEntry')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('ocppForm.addEntry')}
                </Button>
                <Form.Item extra={t('ocppForm.entriesHint')} style={{ marginBottom: 0 }} />
              </Flex>
            )}
          </Form.List>
        </>
      );
    case 'RESERVE_NOW':
      return (
        <>
          <Form.Item
            name="connectorNo"
            label={t('command.connectorNo')}
            rules={rulesFor(['connectorNo'], { required: true })}
          >
            <Select options={connectors} />
          </Form.Item>
          <Form.Item name="idTag" label={t('command.idTag')} rules={rulesFor(['idTag'], { required: true })}>
            <Input maxLength={20} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="expiryDate"
            label={t('ocppForm.reservationExpiry')}
            initialValue={dayjs().add(30, 'minute').startOf('minute')}
            rules={rulesFor(['expiryDate'], { required: true })}
          >
            {dateTime}
          </Form.Item>
        </>
      );
    case 'CANCEL_RESERVATION':
      return (
        <Form.Item
          name="reservationId"
          label={t('ocppForm.reservation')}
          initialValue={reservations[0]?.value}
          rules={rulesFor(['reservationId'], { required: true })}
        >
          <Select options={reservations} notFoundContent={t('ocppForm.noReservation')} />
        </Form.Item>
      );
    case 'SET_CHARGING_PROFILE':
      return (
        <>
          <Flex gap={12}>
            <Form.Item
              name="chargingProfilePurpose"
              label={t('ocppForm.purpose')}
              initialValue="TxDefaultProfile"
              style={{ flex: 1 }}
            >
              <Select options={options('chargingProfilePurpose', CHARGING_PROFILE_PURPOSES)} />
            </Form.Item>
            <Form.Item
              name="connectorNo"
              label={t('command.connectorNo')}
              initialValue={0}
              rules={rulesFor(['connectorNo'], { required: true })}
              style={{ flex: 1 }}
            >
              <Select options={withWhole} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item
              name="chargingProfileId"
              label={t('ocppForm.profileId')}
              initialValue={1}
              rules={rulesFor(['chargingProfileId'], { required: true })}
              style={{ flex: 1 }}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="stackLevel"
              label={t('ocppForm.stackLevel')}
              initialValue={0}
              rules={rulesFor(['stackLevel'], { required: true })}
              style={{ flex: 1 }}
            >
              <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="transactionId"
              label={t('ocppForm.transactionId')}
              rules={rulesFor(['transactionId'])}
              style={{ flex: 1 }}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item
              name="chargingProfileKind"
              label={t('ocppForm.kind')}
              initialValue="Absolute"
              style={{ flex: 1 }}
            >
              <Select options={options('chargingProfileKind', CHARGING_PROFILE_KINDS)} />
            </Form.Item>
            <Form.Item
              name="recurrencyKind"
              label={t('ocppForm.recurrency')}
              rules={rulesFor(['recurrencyKind'])}
              style={{ flex: 1 }}
            >
              <Select allowClear options={options('recurrencyKind', RECURRENCY_KINDS)} />
            </Form.Item>
            <Form.Item
              name={['chargingSchedule', 'chargingRateUnit']}
              label={t('ocppForm.unit')}
              initialValue="W"
              style={{ flex: 1 }}
            >
              <Select options={options('chargingRateUnit', CHARGING_RATE_UNITS)} />
            </Form.Item>
          </Flex>
          <Flex gap={12}>
            <Form.Item name="validFrom" label={t('ocppForm.validFrom')} style={{ flex: 1 }}>
              {dateTime}
            </Form.Item>
            <Form.Item
              name="validTo"
              label={t('ocppForm.validTo')}
              rules={rulesFor(['validTo'])}
              style={{ flex: 1 }}
            >
              {dateTime}
            </Form.Item>
          </Flex>
          <Form.List
            name={['chargingSchedule', 'chargingSchedulePeriod']}
            initialValue={[{ startPeriod: 0 }]}
            rules={[
              {
                validator: async (_, periods?: unknown[]) => {
                  if (!periods?.length) throw new Error(t('ocppForm.periodsRequired'));
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap={4}>
                {fields.map((field, index) => {
                  const at = `chargingSchedule.chargingSchedulePeriod.${field.name}`;
                  return (
                    <Flex key={field.key} gap={8} align="start">
                      <Form.Item
                        name={[field.name, 'startPeriod']}
                        rules={rulesFor([`${at}.startPeriod`], { required: true })}
                        style={{ flex: 1, marginBottom: 8 }}
                      >
                        <InputNumber
                          min={0}
                          precision={0}
                          addonBefore={t('ocppForm.startPeriod')}
                          aria-label={t('ocppForm.startPeriod')}
                          addonAfter="s"
                          disabled={index === 0}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'limit']}
                        rules={rulesFor([`${at}.limit`], { required: true })}
                        style={{ flex: 1, marginBottom: 8 }}
                      >
                        <InputNumber
                          min={0}
                          step={0.1}
                          precision={1}
                          addonBefore={t('ocppForm.limit')}
                          aria-label={t('ocppForm.limit')}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('ocppForm.removePeriod')}
                        disabled={index === 0}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  );
                })}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('ocppForm.addPeriod')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            )}
          </Form.List>
        </>
      );
    case 'CLEAR_CHARGING_PROFILE':
      return (
        <>
          <Form.Item
            name="chargingProfileId"
            label={t('ocppForm.profileId')}
            rules={rulesFor(['chargingProfileId'])}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder={t('ocppForm.any')} />
          </Form.Item>
          <Form.Item name="connectorNo" label={t('command.connectorNo')}>
            <Select allowClear placeholder={t('ocppForm.any')} options={withWhole} />
          </Form.Item>
          <Form.Item name="chargingProfilePurpose" label={t('ocppForm.purpose')}>
            <Select
              allowClear
              placeholder={t('ocppForm.any')}
              options={options('chargingProfilePurpose', CHARGING_PROFILE_PURPOSES)}
            />
          </Form.Item>
        </>
      );
    case 'GET_COMPOSITE_SCHEDULE':
      return (
        <>
          <Form.Item name="connectorNo" label={t('command.connectorNo')} initialValue={0}>
            <Select options={withWhole} />
          </Form.Item>
          <Flex gap={12}>
            <Form.Item
              name="duration"
              label={t('ocppForm.duration')}
              initialValue={3600}
              rules={rulesFor(['duration'], { required: true })}
              style={{ flex: 1 }}
            >
              <InputNumber min={1} precision={0} addonAfter="s" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="chargingRateUnit"
              label={t('ocppForm.unit')}
              initialValue="W"
              style={{ flex: 1 }}
            >
              <Select options={options('chargingRateUnit', CHARGING_RATE_UNITS)} />
            </Form.Item>
          </Flex>
        </>
      );
  }
}
