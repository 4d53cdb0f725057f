import { useState } from 'react';
import { DeleteOutlined, DownloadOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Input, Segmented, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STATES,
  type DeliveryState,
  type PushBatchDetail,
  type PushRecipient,
} from '@cmp/domain/push-messages/push-messages';
import { useDescribeError } from '../../api/describe-error';
import { useCanChange } from '../../app/session/use-can-change';
import { SheetImportStatus, useSheetImport } from '../../app/tasks/SheetImport';
import { FileUpload, PagedTable, searchTableQueryKey, type SearchTableColumn } from '../../components';
import { formatTime, orDash } from '../../components/format';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import {
  PUSH_BATCH_LIST,
  pushBatchKeys,
  recipientTemplateUrl,
  usePushMessagesApi,
} from './push-messages-api';
import { DeliveryStateTag } from './PushStatusTag';

/** The batch's recipients: added one at a time or from a sheet, each with its delivery, pushed or removed. */
export function RecipientsCard({ batch }: { batch: PushBatchDetail }) {
  const { t } = useTranslation('pushMessages');
  const { message, modal } = App.useApp();
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  const queryClient = useQueryClient();
  const describe = useDescribeError();
  const label = useEnumLabel();
  const canChange = useCanChange();
  const [state, setState] = useState<DeliveryState | 'all'>('all');
  const changeable = canChange && batch.status !== 'pushing';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pushBatchKeys.all(tenant, batch.batchId) });
    void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, PUSH_BATCH_LIST) });
  };
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
      refresh();
    } catch (error) {
      void message.error(describe(error));
    }
  };
  const emptyAll = () =>
    modal.confirm({
      title: t('empty.title'),
      content: t('empty.content', { count: batch.recipients }),
      okText: t('empty.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => act(() => batches.empty(batch.batchId, batch.version), t('empty.done')),
    });

  // Rebuilt with the batch each render: its version and status decide what each row offers.
  const columns: SearchTableColumn<PushRecipient>[] = [
    { key: 'accountId', title: t('field.accountId'), width: 140, render: (r) => r.accountId },
    { key: 'nickname', title: t('field.nickname'), width: 120, render: (r) => orDash(r.nickname) },
    { key: 'mobile', title: t('field.mobile'), width: 130, render: (r) => orDash(r.mobile) },
    {
      key: 'state',
      title: t('field.state'),
      width: 100,
      render: (r) => <DeliveryStateTag state={r.state} />,
    },
    { key: 'attempts', title: t('field.attempts'), width: 90, align: 'right', render: (r) => r.attempts },
    {
      key: 'duplicates',
      title: t('field.duplicates'),
      width: 90,
      align: 'right',
      render: (r) => r.duplicates,
    },
    {
      key: 'lastError',
      title: t('field.lastError'),
      width: 200,
      ellipsis: true,
      render: (r) => orDash(r.lastError),
    },
    {
      key: 'sentAt',
      title: t('field.sentAt'),
      width: 170,
      render: (r) => (r.sentAt === null ? '-' : formatTime(r.sentAt)),
    },
    {
      key: 'acknowledgedAt',
      title: t('field.acknowledgedAt'),
      width: 170,
      render: (r) => (r.acknowledgedAt === null ? '-' : formatTime(r.acknowledgedAt)),
    },
    ...(canChange
      ? [
          {
            key: 'actions',
            title: t('field.actions'),
            width: 170,
            fixed: 'right' as const,
            render: (r: PushRecipient) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<SendOutlined />}
                  disabled={batch.status === 'pushing'}
                  onClick={() =>
                    void act(
                      () => batches.pushOne(batch.batchId, r.accountId),
                      t('pushOne.started', { accountId: r.accountId }),
                    )
                  }
                >
                  {t('pushOne.button')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!changeable}
                  onClick={() =>
                    modal.confirm({
                      title: t('remove.title', { accountId: r.accountId }),
                      okText: t('remove.ok'),
                      okButtonProps: { danger: true },
                      cancelText: t('common.cancel'),
                      onOk: () => act(() => batches.remove(batch.batchId, r.accountId), t('remove.done')),
                    })
                  }
                >
                  {t('remove.button')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('recipients.title', { count: batch.recipients })}
      extra={
        changeable && (
          <Button danger disabled={batch.recipients === 0} onClick={emptyAll}>
            {t('empty.button')}
          </Button>
        )
      }
    >
      <Flex vertical gap={16}>
        {changeable && (
          <Flex wrap gap={24} align="flex-start">
            <AddOne batch={batch} onAdded={refresh} />
            <ImportSheet batch={batch} onImported={refresh} />
          </Flex>
        )}
        <Segmented<DeliveryState | 'all'>
          value={state}
          onChange={setState}
          options={[
            { value: 'all', label: t('recipients.all') },
            ...DELIVERY_STATES.map((s) => ({ value: s, label: label('deliveryState', s) })),
          ]}
        />
        <PagedTable<PushRecipient>
          key={state}
          rowKey="accountId"
          columns={columns}
          queryKey={(pageNo) => pushBatchKeys.recipients(tenant, batch.batchId, state, pageNo)}
          load={(pageNo, signal) => batches.recipients(batch.batchId, state, pageNo, signal)}
          empty={t('recipients.none')}
        />
      </Flex>
    </Card>
  );
}

function AddOne({ batch, onAdded }: { batch: PushBatchDetail; onAdded: () => void }) {
  const { t } = useTranslation('pushMessages');
  const { message } = App.useApp();
  const batches = usePushMessagesApi();
  const describe = useDescribeError();
  const [accountId, setAccountId] = useState('');
  const add = useMutation({
    mutationFn: (id: string) => batches.add(batch.batchId, id),
    onSuccess: () => {
      void message.success(t('add.done', { accountId: accountId.trim() }));
      setAccountId('');
      onAdded();
    },
  });
  return (
    <Flex vertical gap={8} style={{ minWidth: 280 }}>
      <Typography.Text strong>{t('add.title')}</Typography.Text>
      <Space.Compact>
        <Input
          aria-label={t('field.accountId')}
          placeholder={t('field.accountId')}
          maxLength={64}
          value={accountId}
          onChange={(event) => setAccountId(event.target.value)}
          onPressEnter={() => accountId.trim() && add.mutate(accountId.trim())}
        />
        <Button
          icon={<UserAddOutlined />}
          loading={add.isPending}
          disabled={accountId.trim() === ''}
          onClick={() => add.mutate(accountId.trim())}
        >
          {t('add.button')}
        </Button>
      </Space.Compact>
      {add.isError && <Alert type="error" showIcon title={describe(add.error)} />}
    </Flex>
  );
}

function ImportSheet({ batch, onImported }: { batch: PushBatchDetail; onImported: () => void }) {
  const { t } = useTranslation('pushMessages');
  const tenant = useStationsTenant();
  const batches = usePushMessagesApi();
  const sheet = useSheetImport((file) => batches.upload(batch.batchId, file));
  return (
    <Flex vertical gap={8} style={{ flex: 1, minWidth: 320 }}>
      <Typography.Text strong>{t('import.title')}</Typography.Text>
      <Typography.Text type="secondary">
        {t('import.help')}{' '}
        <Typography.Link href={recipientTemplateUrl(tenant, 'mobile')} download>
          <DownloadOutlined /> {t('import.templateMobile')}
        </Typography.Link>{' '}
        <Typography.Link href={recipientTemplateUrl(tenant, 'accountId')} download>
          <DownloadOutlined /> {t('import.templateAccount')}
        </Typography.Link>
      </Typography.Text>
      <Flex gap={8} align="center">
        <FileUpload
          accept=".xlsx"
          label={t('import.choose')}
          value={sheet.file ?? null}
          disabled={sheet.running}
          onChange={sheet.choose}
        />
        <Button
          type="primary"
          loading={sheet.upload.isPending}
          disabled={sheet.running || sheet.file === undefined}
          onClick={sheet.start}
        >
          {t('import.start')}
        </Button>
      </Flex>
      <SheetImportStatus
        sheet={sheet}
        texts={{
          succeeded: t('import.done'),
          withErrors: t('import.withErrors'),
          errorSheet: t('import.errorSheet'),
          failed: t('import.failed'),
        }}
        onFinished={onImported}
      />
    </Flex>
  );
}
