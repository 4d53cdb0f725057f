import { useState } from 'react';
import { Alert, App, Button, Modal, Popconfirm, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PowerCharger } from '@cmp/domain/stations/remote-operations';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { useStationsTenant } from '../../components/lookups';
import {
  remoteOperationKeys,
  useRemoteOperationsApi,
  type ChargePointRegistration,
} from './remote-operations-api';

/**
 * Registers a charger as an OCPP charge point, or gives a registered one a new password. The server answers
 * the password once: the dialog shows it with the address and the identity to copy, and closing loses it.
 */
export function ChargePointAccess({
  chargePointId,
  charger,
}: {
  chargePointId: string;
  charger: PowerCharger | undefined;
}) {
  const { t } = useTranslation('remoteOperations');
  const canChange = useCanChange();
  const tenant = useStationsTenant();
  const operations = useRemoteOperationsApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const { message } = App.useApp();
  const [issued, setIssued] = useState<ChargePointRegistration | null>(null);
  const registered = charger?.registered === true;

  const issue = useMutation({
    mutationFn: () =>
      registered ? operations.rotatePassword(chargePointId) : operations.register(chargePointId),
    onSuccess: (answer) => {
      setIssued(answer);
      // The charger now reads as registered.
      void queryClient.invalidateQueries({ queryKey: remoteOperationKeys.all(tenant) });
    },
    onError: (error) => void message.error(describe(error), 8),
  });

  if (!canChange) return null;
  return (
    <>
      <Popconfirm
        title={t(registered ? 'access.rotateConfirm' : 'access.registerConfirm', { chargePointId })}
        onConfirm={() => issue.mutate()}
        overlayStyle={{ maxWidth: 360 }}
      >
        <Button size="small" type={registered ? 'text' : 'link'} loading={issue.isPending}>
          {t(registered ? 'access.rotate' : 'access.register')}
        </Button>
      </Popconfirm>
      <Modal
        open={issued !== null}
        title={t('access.title', { chargePointId })}
        onOk={() => setIssued(null)}
        onCancel={() => setIssued(null)}
        okText={t('access.done')}
        cancelButtonProps={{ style: { display: 'none' } }}
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('access.once')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>{t('access.endpoint')}</Typography.Paragraph>
        <Typography.Paragraph code copyable={{ text: issued?.endpoint ?? '' }} data-testid="ocpp-endpoint">
          {issued?.endpoint}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('access.identity')}</Typography.Paragraph>
        <Typography.Paragraph code copyable={{ text: issued?.chargePointId ?? '' }}>
          {issued?.chargePointId}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('access.password')}</Typography.Paragraph>
        <Typography.Paragraph code copyable={{ text: issued?.password ?? '' }} data-testid="ocpp-password">
          {issued?.password}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
