import { useState } from 'react';
import { Alert, Button, Flex, Form, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { useDescribeError } from '../../api/describe-error';
import { useOperators } from '../../components/lookups';
import { useActivityStationsApi, useRefreshAfterStationChange } from './activity-stations-api';

/** Every station of one operator; an activity limited to some operators offers only those. */
export function AddStationsByOperator({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const describe = useDescribeError();
  const operators = useOperators();
  const stations = useActivityStationsApi();
  const refresh = useRefreshAfterStationChange();
  const [operatorId, setOperatorId] = useState<string>();
  const [missing, setMissing] = useState(false);
  const limitedTo = new Set(activity.effectOperatorRules.map((rule) => rule.operatorId));
  const options = (operators.data ?? [])
    .filter((operator) => limitedTo.size === 0 || limitedTo.has(operator.operatorId))
    .map((operator) => ({ value: operator.operatorId, label: operator.operatorName }));
  const add = useMutation({
    mutationFn: (id: string) => stations.addOperator(activity.activityId, id),
    onSuccess: () => void refresh(activity.activityId),
  });

  const submit = () => {
    setMissing(operatorId === undefined);
    if (operatorId !== undefined) add.mutate(operatorId);
  };

  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('addStations.operator')}
          htmlFor="activity-station-operator"
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('addStations.operatorRequired') : t('addStations.operatorHelp')}
        >
          <Select
            id="activity-station-operator"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={operators.isPending}
            options={options}
            value={operatorId}
            onChange={(next: string | undefined) => setOperatorId(next)}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button type="primary" loading={add.isPending} onClick={submit}>
          {t('addStations.submit')}
        </Button>
      </Flex>
      {add.isError && <Alert type="error" showIcon title={describe(add.error)} />}
      {add.isSuccess && (
        <Alert
          type={add.data.inactive > 0 ? 'warning' : 'success'}
          showIcon
          title={t('addStations.operatorAdded', { count: add.data.added })}
          description={
            add.data.inactive > 0
              ? t('addStations.operatorInactive', { count: add.data.inactive })
              : undefined
          }
        />
      )}
    </Flex>
  );
}
