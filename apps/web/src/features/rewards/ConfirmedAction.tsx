import type { ReactNode } from 'react';
import { App, Button, Popconfirm } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../api/describe-error';
import { useRefreshGiftBags } from './rewards-api';

export interface ConfirmedActionProps {
  activityId: number;
  /** What the confirmation asks. */
  title: ReactNode;
  /** The button's and the confirmation's OK text. */
  label: string;
  /** What the message says once it is done. */
  done: string;
  run: () => Promise<unknown>;
}

/**
 * A change of a lottery's bags or awards that asks first (removing or taking out), then says it is done; a
 * refusal (the bag was won, someone saved meanwhile) is shown and the bags are read again either way.
 */
export function ConfirmedAction({ activityId, title, label, done, run }: ConfirmedActionProps) {
  const { t } = useTranslation('rewards');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const refresh = useRefreshGiftBags(activityId);
  const action = useMutation({
    mutationFn: run,
    onSuccess: () => void message.success(done),
    onError: (error) => void message.error(describe(error)),
    onSettled: () => refresh(),
  });
  return (
    <Popconfirm
      title={title}
      okText={label}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => action.mutateAsync().catch(() => undefined)}
    >
      <Button danger type="link" size="small" style={{ padding: 0 }} loading={action.isPending}>
        {label}
      </Button>
    </Popconfirm>
  );
}
