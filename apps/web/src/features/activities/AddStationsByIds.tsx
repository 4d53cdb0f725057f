import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_STATIONS_PER_ADD, type ActivityStationsAdded } from '@cmp/domain/activities/activity-stations';
import { useDescribeError } from '../../api/describe-error';
import { useActivityStationsApi, useRefreshAfterStationChange } from './activity-stations-api';
import { parseStationIds, stationIdsProblem, type StationIdsProblem } from './station-ids';

const GROUPS = ['added', 'inactive', 'alreadyIn', 'unknown', 'outOfScope'] as const;

/** Pasted station ids, checked before they are sent; then what became of each. */
export function AddStationsByIds({ activityId }: { activityId: number }) {
  const { t } = useTranslation('activities');
  const describe = useDescribeError();
  const stations = useActivityStationsApi();
  const refresh = useRefreshAfterStationChange();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<StationIdsProblem>();
  const add = useMutation({
    mutationFn: (ids: string[]) => stations.add(activityId, ids),
    onSuccess: () => void refresh(activityId),
  });

  const submit = () => {
    const ids = parseStationIds(text);
    const found = stationIdsProblem(ids);
    setProblem(found);
    if (!found) add.mutate(ids);
  };

  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('addStations.ids')}
          htmlFor="activity-station-ids"
          validateStatus={problem ? 'error' : undefined}
          help={
            problem
              ? problem.kind === 'required'
                ? t('addStations.idsRequired')
                : problem.kind === 'tooMany'
                  ? t('addStations.idsTooMany', { count: problem.count, max: problem.max })
                  : t('addStations.idTooLong', { id: problem.id, max: problem.max })
              : t('addStations.idsHelp', { max: MAX_STATIONS_PER_ADD })
          }
        >
          <Input.TextArea
            id="activity-station-ids"
            rows={6}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button type="primary" loading={add.isPending} onClick={submit}>
          {t('addStations.submit')}
        </Button>
      </Flex>
      {add.isError && <Alert type="error" showIcon title={describe(add.error)} />}
      {add.isSuccess && <AddedStations sent={add.variables.length} result={add.data} />}
    </Flex>
  );
}

/** The ids sent, by what the add did with them; the ones not added are listed to be corrected. */
function AddedStations({ sent, result }: { sent: number; result: ActivityStationsAdded }) {
  const { t } = useTranslation('activities');
  const missed = result.unknown.length + result.outOfScope.length + result.inactive.length;
  return (
    <Flex vertical gap={8} data-testid="added-stations">
      <Alert
        type={missed > 0 ? 'warning' : 'success'}
        showIcon
        title={t('addStations.result', { count: sent, added: result.added.length })}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        items={GROUPS.filter((group) => result[group].length > 0).map((group) => ({
          key: group,
          label: t(`addStations.${group}`, { count: result[group].length }),
          children: (
            <Typography.Paragraph
              style={{ margin: 0, maxHeight: 120, overflow: 'auto' }}
              copyable={{ text: result[group].join('\n') }}
            >
              {result[group].join(', ')}
            </Typography.Paragraph>
          ),
        }))}
      />
    </Flex>
  );
}
