import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFinishedJobState, jobOutcome, type Job } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { JobProgress } from '../../app/tasks/JobProgress';
import { jobFileUrl } from '../../app/tasks/jobs-api';
import { FileUpload } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { productTemplateUrl, useMallApi } from './mall-api';

/**
 * Products from a sheet (spec §7 products/upload): the rules and the template, the upload as a job of the
 * task center, and its outcome: the products added, or the sheet back with each row's errors.
 */
export function ProductUploadDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { t } = useTranslation('mall');
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const mall = useMallApi();
  const [file, setFile] = useState<File>();
  const [missing, setMissing] = useState(false);
  const [ended, setEnded] = useState<Job>();
  const upload = useMutation({
    mutationFn: (sheet: File) => mall.upload(sheet),
    onMutate: () => setEnded(undefined),
  });
  const running = upload.isSuccess && ended === undefined;
  const outcome = ended && jobOutcome(ended);
  const start = () => {
    setMissing(file === undefined);
    if (file) upload.mutate(file);
  };
  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('upload.close')}
        </Button>,
        <Button key="start" type="primary" loading={upload.isPending} disabled={running} onClick={start}>
          {t('upload.start')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('upload.rules')}
        </Typography.Paragraph>
        <Typography.Link href={productTemplateUrl(tenant)} download>
          <DownloadOutlined /> {t('upload.template')}
        </Typography.Link>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={t('upload.file')}
            validateStatus={missing ? 'error' : undefined}
            help={missing ? t('upload.fileRequired') : undefined}
          >
            <FileUpload
              accept=".xlsx"
              label={t('upload.chooseFile')}
              value={file ?? null}
              disabled={running}
              onChange={(picked) => {
                setFile(picked);
                setMissing(false);
              }}
            />
          </Form.Item>
        </Form>
        {upload.isError && <Alert type="error" showIcon title={describe(upload.error)} />}
        {upload.isSuccess && (
          <JobProgress
            key={upload.data.jobId}
            jobId={upload.data.jobId}
            refused={(job) => jobOutcome(job) === 'withErrors'}
            onFinished={(job) => {
              setEnded(job);
              if (jobOutcome(job) === 'succeeded') onAdded();
            }}
            describe={(job) => (isFinishedJobState(job.state) ? null : t('upload.checking'))}
          />
        )}
        {ended && outcome === 'succeeded' && (
          <Alert type="success" showIcon title={t('upload.done')} description={ended.progress.message} />
        )}
        {ended && outcome === 'withErrors' && (
          <Alert
            type="error"
            showIcon
            title={t('upload.withErrors')}
            description={ended.progress.message ?? t('upload.withErrorsHelp')}
            action={
              (ended.result?.files.length ?? 0) > 0 && (
                <Button icon={<DownloadOutlined />} href={jobFileUrl(tenant, ended.jobId, 0)} download>
                  {t('upload.errorSheet')}
                </Button>
              )
            }
          />
        )}
        {ended && (outcome === 'failed' || outcome === 'cancelled') && (
          <Alert
            type="error"
            showIcon
            title={t('upload.failed')}
            description={ended.error ?? ended.progress.message}
          />
        )}
      </Flex>
    </Modal>
  );
}
