import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../api/describe-error';

/** The client a row stands for: how the questions name it and the id the calls take. */
export interface ClientOfRow {
  clientId: string;
  name: string;
}

/**
 * The two destructive actions on a signed client, each behind its question: rotating its secret (the
 * new one is handed to `onSecret`) and removing it. The texts are `<section>.rotate…` and
 * `<section>.remove…` of the screen's namespace `ns`, and `action.cancel`.
 */
export function useClientActions<Secret>({
  ns,
  section,
  rotate,
  remove,
  onSecret,
  onChanged,
}: {
  ns: string;
  section: string;
  rotate: (clientId: string) => Promise<Secret>;
  remove: (clientId: string) => Promise<void>;
  onSecret: (secret: Secret) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(ns);
  const { modal, message } = App.useApp();
  const describe = useDescribeError();

  const confirm = (client: ClientOfRow, action: 'rotate' | 'remove', act: () => Promise<void>): void => {
    modal.confirm({
      title: t(`${section}.${action}Title`, { name: client.name }),
      content: t(`${section}.${action}Effect`),
      okText: t(`${section}.${action}`),
      cancelText: t('action.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await act();
          onChanged();
        } catch (error) {
          void message.error(t(`${section}.${action}Failed`, { reason: describe(error) }), 8);
        }
      },
    });
  };

  return {
    confirmRotate: (client: ClientOfRow) =>
      confirm(client, 'rotate', async () => onSecret(await rotate(client.clientId))),
    confirmRemove: (client: ClientOfRow) =>
      confirm(client, 'remove', async () => {
        await remove(client.clientId);
        void message.success(t(`${section}.removed`, { name: client.name }));
      }),
  };
}
