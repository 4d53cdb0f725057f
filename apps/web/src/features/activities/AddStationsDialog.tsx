import { Button, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import { AddStationsByIds } from './AddStationsByIds';
import { AddStationsByOperator } from './AddStationsByOperator';
import { AddStationsBySheet } from './AddStationsBySheet';

/**
 * Adds stations to an activity (spec §7 resource/add, add/operator, add/upload): by their ids, every
 * station of an operator, or the ids of a spreadsheet. Each way shows what it did and stays open, so the
 * user can read it or add more.
 */
export function AddStationsDialog({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <Modal
      open
      onCancel={onClose}
      destroyOnHidden
      width={680}
      title={t('addStations.title', { name: activity.activityName })}
      footer={<Button onClick={onClose}>{t('addStations.close')}</Button>}
    >
      <Tabs
        items={[
          {
            key: 'ids',
            label: t('addStations.byIds'),
            children: <AddStationsByIds activityId={activity.activityId} />,
          },
          {
            key: 'operator',
            label: t('addStations.byOperator'),
            children: <AddStationsByOperator activity={activity} />,
          },
          {
            key: 'sheet',
            label: t('addStations.bySheet'),
            children: <AddStationsBySheet activityId={activity.activityId} />,
          },
        ]}
      />
    </Modal>
  );
}
