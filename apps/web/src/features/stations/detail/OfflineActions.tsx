import { useState } from 'react';
import { App, Button, Flex, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChargeStationBasicInfo } from '@cmp/domain/stations/charge-station-info';
import { useTenantApi } from '../../../api/use-tenant-api';
import { useDescribeError } from '../../../api/describe-error';
import { useStationsTenant } from '../../../components/lookups';
import { takeOffline, type OfflineAction } from './station-detail-api';
import { stationKeys, useRefreshAfterStationChange } from './station-detail-hooks';
import { useCanChange } from '../../../app/session/use-can-change';

const REASON_MAX = 255;

const ACTION_TEXT = {
  'charging-map': { button: 'offline.chargingMap', confirm: 'offline.chargingMapConfirm' },
  'one-click-charging': { button: 'offline.oneClickCharging', confirm: 'offline.oneClickChargingConfirm' },
} as const;

/**
 * Takes the station off the charging map or out of one-click charging. Each asks for confirmation and an
 * optional reason; an action already taken is shown disabled, saying so.
 */
export function OfflineActions({ station }: { station: ChargeStationBasicInfo }) {
  const { t } = useTranslation('stationDetail');
  const [action, setAction] = useState<OfflineAction | null>(null);
  const canChange = useCanChange();
  if (!canChange) return null;
  const online: Record<OfflineAction, boolean> = {
    'charging-map': station.chargingMapOnline,
    'one-click-charging': station.oneClickChargingOnline,
  };
  return (
    <Space wrap>
      {(['charging-map', 'one-click-charging'] as const).map((key) => (
        <Tooltip key={key} title={online[key] ? undefined : t('offline.already')}>
          <Button danger disabled={!online[key]} onClick={() => setAction(key)}>
            {t(ACTION_TEXT[key].button)}
          </Button>
        </Tooltip>
      ))}
      {action && <OfflineModal station={station} action={action} onClose={() => setAction(null)} />}
    </Space>
  );
}

function OfflineModal({
  station,
  action,
  onClose,
}: {
  station: ChargeStationBasicInfo;
  action: OfflineAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const client = useTenantApi();
  const tenant = useStationsTenant();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const refresh = useRefreshAfterStationChange(station.resourceId);
  const [reason, setReason] = useState('');
  const offline = useMutation({
    mutationFn: () => takeOffline(client, station.resourceId, action, { reason }),
    onSuccess: (saved) => {
      queryClient.setQueryData(stationKeys.chargeStation(tenant, station.resourceId), saved);
      void message.success(t('offline.done'));
      void refresh();
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t(ACTION_TEXT[action].button)}
      okText={t('offline.confirm')}
      okButtonProps={{ danger: true, loading: offline.isPending }}
      cancelButtonProps={{ disabled: offline.isPending }}
      onOk={() => offline.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <Typography.Paragraph>
          {t(ACTION_TEXT[action].confirm, { name: station.resourceName })}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('offline.reason')} htmlFor="offline-reason">
            <Input.TextArea
              id="offline-reason"
              rows={3}
              maxLength={REASON_MAX}
              showCount
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Item>
        </Form>
        {offline.isError && <Typography.Text type="danger">{describe(offline.error)}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
