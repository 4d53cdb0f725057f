import { useState } from 'react';
import { ClockCircleOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Flex, Modal, Space, Statistic, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PushBatchDetail, PushReceipt } from '@cmp/domain/push-messages/push-messages';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { JobProgress } from '../../app/tasks/JobProgress';
import { searchTableQueryKey } from '../../components';
import { formatTime } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { PUSH_BATCH_LIST, pushBatchKeys, usePushMessagesApi } from './push-messages-api';

const STATES = ['pending', 'sent', 'acknowledged', 'failed', 'duplicates'] as const;

/**
 * The batch's delivery: its recipients by state, its push job's progress, and the push, retry and schedule
 * actions, each confirmed with how many recipients it reaches.
 */
export function DeliveryCard({ batch }: { batch: PushBatchDetail }) {
  const { t } = useTranslation('pushMessages');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const canChange = useCanChange();
  const [scheduling, setScheduling] = useState(false);
  const { counts } = batch;
  const pushing = batch.status === 'pushing';

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pushBatchKeys.all(tenant, batch.batchId) });
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, PUSH_BATCH_LIST) });
  };
  const confirm = (kind: 'pushAll' | 'retry', recipients: number, run: () => Promise<PushReceipt>) =>
    modal.confirm({
      title: t(`${kind}.title`),
      content: t(`${kind}.content`, { count: recipients }),
      okText: t(`${kind}.ok`),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const receipt = await run();
          void message.success(t(`${kind}.started`, { count: receipt.recipients }));
          refresh();
        } catch (error) {
          void message.error(describe(error));
        }
      },
    });

  return (
    <Card title={t('delivery.title')}>
      <Flex vertical gap={16}>
        <Flex wrap gap={24}>
          <Statistic title={t('delivery.total')} value={counts.total} />
          {STATES.map((state) => (
            <Statistic key={state} title={t(`delivery.${state}`)} value={counts[state]} />
          ))}
        </Flex>
        {batch.pushAt !== null && (
          <Typography.Text>
            <ClockCircleOutlined /> {t('schedule.at', { time: formatTime(batch.pushAt) })}
          </Typography.Text>
        )}
        {pushing && batch.jobId !== null && (
          <JobProgress key={batch.jobId} jobId={batch.jobId} onFinished={refresh} />
        )}
        {canChange && (
          <Space wrap>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={pushing || counts.pending === 0}
              onClick={() =>
                confirm('pushAll', counts.pending, () => batches.pushAll(batch.batchId, batch.version))
              }
            >
              {t('pushAll.button')}
            </Button>
            <Button
              icon={<RedoOutlined />}
              disabled={pushing || counts.failed === 0}
              onClick={() =>
                confirm('retry', counts.failed, () => batches.retry(batch.batchId, batch.version))
              }
            >
              {t('retry.button')}
            </Button>
            <Button icon={<ClockCircleOutlined />} disabled={pushing} onClick={() => setScheduling(true)}>
              {t('schedule.button')}
            </Button>
          </Space>
        )}
      </Flex>
      <ScheduleDialog
        batch={batch}
        open={scheduling}
        onClose={() => setScheduling(false)}
        onSaved={refresh}
      />
    </Card>
  );
}

/** Spec modify-job: a later time to push at, changed or cancelled until the push starts. */
function ScheduleDialog({
  batch,
  open,
  onClose,
  onSaved,
}: {
  batch: PushBatchDetail;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('pushMessages');
  const { message } = App.useApp();
  const batches = usePushMessagesApi();
  const describe = useDescribeError();
  const [at, setAt] = useState<Dayjs | null>(batch.pushAt === null ? null : dayjs(batch.pushAt));
  const [saving, setSaving] = useState(false);
  const save = async (pushAt: number | null) => {
    setSaving(true);
    try {
      await batches.schedule(batch.batchId, pushAt, batch.version);
      void message.success(pushAt === null ? t('schedule.cancelled') : t('schedule.saved'));
      onSaved();
      onClose();
    } catch (error) {
      void message.error(describe(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('schedule.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        batch.pushAt !== null && (
          <Button key="clear" danger loading={saving} onClick={() => void save(null)}>
            {t('schedule.clear')}
          </Button>
        ),
        <Button key="close" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={saving}
          disabled={at === null}
          onClick={() => void save(at!.valueOf())}
        >
          {t('schedule.ok')}
        </Button>,
      ]}
    >
      <Flex vertical gap={8}>
        <Typography.Text>{t('schedule.help', { count: batch.counts.pending })}</Typography.Text>
        <DatePicker
          showTime
          aria-label={t('schedule.time')}
          value={at}
          onChange={setAt}
          disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
          style={{ width: '100%' }}
        />
      </Flex>
    </Modal>
  );
}
