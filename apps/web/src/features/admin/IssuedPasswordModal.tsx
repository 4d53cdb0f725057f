import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssuedPassword } from './staff-hooks';

interface IssuedPasswordModalProps {
  issued: IssuedPassword | null;
  onClose: () => void;
}

/** Shows a new password the one time the server answers it; closing it loses it for good. */
export function IssuedPasswordModal({ issued, onClose }: IssuedPasswordModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={issued !== null}
      title={t('issued.title', { userName: issued?.userName ?? '' })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('issued.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('issued.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('issued.label')}</Typography.Paragraph>
      <Typography.Paragraph code copyable={{ text: issued?.password ?? '' }} data-testid="issued-password">
        {issued?.password}
      </Typography.Paragraph>
    </Modal>
  );
}
