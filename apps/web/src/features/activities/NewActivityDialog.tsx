import { Card, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACTIVITY_TYPES, type ActivityType } from '@cmp/domain/activities/activity-types';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { activityCreatePath } from './activity-links';

/** The seven types, each with what it is for: the type cannot change once the activity exists. */
export function NewActivityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('activities');
  const label = useEnumLabel();
  const tenant = useStationsTenant();
  const navigate = useNavigate();
  const choose = (type: ActivityType) => void navigate(activityCreatePath(tenant, type));
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('list.chooseType')} width={640}>
      <Flex vertical gap={8}>
        {ACTIVITY_TYPES.map((type) => (
          <Card
            key={type}
            size="small"
            hoverable
            role="button"
            tabIndex={0}
            aria-label={label('activityType', type)}
            onClick={() => choose(type)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') choose(type);
            }}
          >
            <Typography.Text strong>{label('activityType', type)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t(`typeHelp.${type}`)}</Typography.Text>
          </Card>
        ))}
      </Flex>
    </Modal>
  );
}
