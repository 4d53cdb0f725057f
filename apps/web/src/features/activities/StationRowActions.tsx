import { App, Button, Popconfirm, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityStationItem } from '@cmp/domain/activities/activity-stations';
import { useDescribeError } from '../../api/describe-error';
import { useActivityStationsApi, useRefreshAfterStationChange } from './activity-stations-api';

/**
 * A station's actions in the activity it is listed for: deactivating or activating it at once (it stays in
 * the activity, so no confirmation), and removing it after a confirmation.
 */
export function StationRowActions({
  activityId,
  station,
}: {
  activityId: number;
  station: ActivityStationItem;
}) {
  const { t } = useTranslation('activities');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const stations = useActivityStationsApi();
  const refresh = useRefreshAfterStationChange();
  const id = station.resourceId;
  // The refusals (the activity finished meanwhile, the station removed by someone else) are shown, and
  // the list is read again to show how things stand.
  const onError = (error: unknown) => {
    void message.error(describe(error));
    void refresh(activityId);
  };

  const toggle = useMutation({
    mutationFn: (active: boolean) => stations.setActive(activityId, id, active),
    onSuccess: ({ active }) => {
      void message.success(t(active ? 'stations.activated' : 'stations.deactivated', { id }));
      void refresh(activityId);
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => stations.remove(activityId, id),
    onSuccess: () => {
      void message.success(t('stations.removed', { id }));
      void refresh(activityId);
    },
    onError,
  });

  return (
    <Space size="small">
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        loading={toggle.isPending}
        onClick={() => toggle.mutate(!station.active)}
      >
        {t(station.active ? 'stations.deactivate' : 'stations.activate')}
      </Button>
      <Popconfirm
        title={t('stations.removeTitle', { id })}
        okText={t('stations.remove')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutateAsync().catch(() => undefined)}
      >
        <Button danger type="link" size="small" style={{ padding: 0 }} loading={remove.isPending}>
          {t('stations.remove')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
