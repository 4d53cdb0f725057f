import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './signed-clients.module.css';

/** A client's secret as the server answered it, the one time it does. */
export interface ShownSecret {
  name: string;
  clientId: string;
  secretCode: string;
  portalPublicKey: string;
}

/**
 * A signed client's secret code, shown the one time the server answers it, with its id and the portal's
 * public key. The texts are the `secret` section of the screen's namespace `ns`; `idLabel` names the id.
 * The dialog is unmounted as soon as it closes rather than faded out, so the secret leaves the page at
 * once and cannot be shown again.
 */
export function ClientSecretModal({
  secret,
  ns,
  idLabel,
  onClose,
}: {
  secret: ShownSecret | null;
  ns: string;
  idLabel: string;
  onClose: () => void;
}) {
  if (secret === null) return null;
  return <ClientSecretDialog secret={secret} ns={ns} idLabel={idLabel} onClose={onClose} />;
}

function ClientSecretDialog({
  secret,
  ns,
  idLabel,
  onClose,
}: {
  secret: ShownSecret;
  ns: string;
  idLabel: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <Modal
      open
      title={t('secret.title', { name: secret.name })}
      onOk={onClose}
      onCancel={onClose}
      okText={t('secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      width={640}
    >
      <Flex vertical gap={4}>
        <Alert type="warning" showIcon title={t('secret.once')} style={{ marginBottom: 12 }} />
        <Typography.Text strong>{idLabel}</Typography.Text>
        <Typography.Paragraph code copyable data-testid="client-id">
          {secret.clientId}
        </Typography.Paragraph>
        <Typography.Text strong>{t('secret.secretCode')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: secret.secretCode, tooltips: [t('secret.copy'), t('secret.copied')] }}
          className={styles.secret}
          data-testid="client-secret"
        >
          {secret.secretCode}
        </Typography.Paragraph>
        <Typography.Text strong>{t('secret.portalPublicKey')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('secret.portalPublicKeyHint')}</Typography.Paragraph>
        <Typography.Paragraph code copyable className={styles.secret} data-testid="portal-public-key">
          {secret.portalPublicKey}
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}
