import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Select,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinishedJobState, type Job } from '@cmp/domain';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import { RECIPIENT_ID_TYPES } from '@cmp/domain/coupons/recipient-import';
import { jobFileUrl } from '../../app/tasks/jobs-api';
import { FileUpload, useFormRules } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { useFieldErrors } from './batch-save-error';
import { couponKeys, useCouponsApi } from './coupons-api';
import { JobProgress } from '../../app/tasks/JobProgress';
import { TagsInput } from './TagsInput';

type SendMode = 'one' | 'many' | 'import';
type UserBy = 'mobile' | 'accountId';

interface SendValues {
  userBy: UserBy;
  user?: string;
  accountIds?: string[];
  file?: File;
  amount: number;
}

const INITIAL: Partial<SendValues> = { userBy: 'mobile', amount: 1 };
const fieldOf = (path: string): string | undefined => {
  const field = path.replace(/^body\./, '').split('.')[0];
  if (field === 'mobile' || field === 'accountId') return 'user';
  return field === 'accountIds' || field === 'amount' ? field : undefined;
};

/**
 * A send or import that ended without sending: the job failed, or it refused the list (the import's
 * counts then say `sent: 0`, with the error sheet as its file when rows were wrong).
 */
const isRejected = (job: Job): boolean => job.state !== 'succeeded' || job.result?.counts.sent === 0;

/**
 * Sends the batch's coupons (spec M3.3.9): to one user by mobile or account id (at once), to several
 * account ids, or to the recipients of a spreadsheet (spec M5 import). The last two run as jobs whose
 * progress shows here; an import with any bad row sends nothing and offers its rows back as a sheet.
 */
export function SendDialog({
  batch,
  open,
  onClose,
}: {
  batch: CouponBatch;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('coupons');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const coupons = useCouponsApi();
  const queryClient = useQueryClient();
  const rules = useFormRules();
  const [form] = Form.useForm<SendValues>();
  const failure = useFieldErrors(form, fieldOf);
  const userBy = Form.useWatch('userBy', form);
  const [mode, setMode] = useState<SendMode>('one');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [job, setJob] = useState<{ jobId: number; mode: SendMode }>();
  const [ended, setEnded] = useState<Job>();

  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: couponKeys.batch(tenant, batch.couponBatchId) });

  const submit = async () => {
    const values = await form.validateFields();
    setPending(true);
    setError(undefined);
    setEnded(undefined);
    try {
      if (mode === 'one') {
        const user = values.user!.trim();
        const sent = await coupons.send({
          couponBatchId: batch.couponBatchId,
          amount: values.amount,
          ...(values.userBy === 'mobile' ? { mobile: user } : { accountId: user }),
        });
        void message.success(t('send.sent', { accountId: sent.accountId, count: sent.coupons.length }));
        refresh();
        form.setFieldValue('user', undefined);
      } else if (mode === 'many') {
        const { jobId } = await coupons.batchSend({
          couponBatchId: batch.couponBatchId,
          accountIds: values.accountIds ?? [],
          amount: values.amount,
        });
        void message.info(t('send.queued'));
        setJob({ jobId, mode });
      } else {
        const { jobId } = await coupons.importRecipients(batch.couponBatchId, values.amount, values.file!);
        setJob({ jobId, mode });
      }
    } catch (failed) {
      setError(failure(failed).message);
    } finally {
      setPending(false);
    }
  };

  const rejected = ended !== undefined && isRejected(ended);
  const importFailed = job?.mode === 'import' && rejected;
  const errorSheet = importFailed && (ended.result?.files.length ?? 0) > 0;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      title={t('send.title')}
      okText={t('send.submit')}
      cancelText={ended ? t('common.close') : t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ loading: pending, disabled: job !== undefined && ended === undefined }}
    >
      <Flex vertical gap={16}>
        <Segmented<SendMode>
          value={mode}
          onChange={(next) => {
            setMode(next);
            setJob(undefined);
            setEnded(undefined);
            setError(undefined);
          }}
          options={[
            { value: 'one', label: t('send.modeOne') },
            { value: 'many', label: t('send.modeMany') },
            { value: 'import', label: t('send.modeImport') },
          ]}
        />
        <Form<SendValues> form={form} name="coupon-send" layout="vertical" initialValues={INITIAL}>
          {mode === 'one' && (
            <Form.Item label={t('send.user')} required>
              <Flex gap={8}>
                <Form.Item name="userBy" noStyle>
                  <Select
                    aria-label={t('send.userBy')}
                    style={{ width: 120 }}
                    options={[
                      { value: 'mobile', label: t('send.byMobile') },
                      { value: 'accountId', label: t('send.byAccountId') },
                    ]}
                  />
                </Form.Item>
                <Form.Item name="user" noStyle rules={[rules.required()]}>
                  <Input
                    aria-label={t('send.user')}
                    maxLength={64}
                    placeholder={t(`send.placeholder.${userBy ?? 'mobile'}`)}
                  />
                </Form.Item>
              </Flex>
            </Form.Item>
          )}
          {mode === 'many' && (
            <Form.Item
              name="accountIds"
              label={t('send.accounts')}
              extra={t('send.accountsHelp')}
              rules={[rules.required()]}
            >
              <TagsInput />
            </Form.Item>
          )}
          {mode === 'import' && (
            <Form.Item
              name="file"
              label={t('send.file')}
              extra={
                <Flex vertical gap={4}>
                  {t('send.fileHelp')}
                  <Flex gap={16} wrap>
                    {RECIPIENT_ID_TYPES.map((idType) => (
                      <Typography.Link
                        key={idType}
                        href={`/api/${tenant}/coupons/recipient-imports/template?idType=${idType}`}
                        download
                      >
                        <DownloadOutlined /> {t(`send.template.${idType}`)}
                      </Typography.Link>
                    ))}
                  </Flex>
                </Flex>
              }
              rules={[{ required: true, message: t('send.fileRequired') }]}
            >
              <FileUpload accept=".xlsx" label={t('send.chooseFile')} />
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t('send.amount')}
            rules={[rules.required(), rules.range(1, 100, { integer: true })]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        {job && (
          <JobProgress
            key={job.jobId}
            jobId={job.jobId}
            refused={isRejected}
            onFinished={(done) => {
              setEnded(done);
              refresh();
            }}
            describe={(current) =>
              isFinishedJobState(current.state)
                ? isRejected(current)
                  ? null
                  : current.progress.message
                : t('send.importing')
            }
          />
        )}
        {importFailed && (
          <Alert
            type="error"
            showIcon
            title={t('send.importFailed')}
            description={
              ended.progress.message ?? ended.error ?? (errorSheet ? t('send.importFailedHelp') : undefined)
            }
            action={
              errorSheet && (
                <Button icon={<DownloadOutlined />} href={jobFileUrl(tenant, ended.jobId, 0)} download>
                  {t('send.errorSheet')}
                </Button>
              )
            }
          />
        )}
        {job?.mode === 'many' && rejected && (
          <Alert
            type="error"
            showIcon
            title={t('send.jobFailed', { reason: ended.progress.message ?? ended.error ?? '' })}
          />
        )}
        {error !== undefined && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Modal>
  );
}
