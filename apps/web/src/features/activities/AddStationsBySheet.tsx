import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isFinishedJobState, jobOutcome, type Job } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { JobProgress } from '../../app/tasks/JobProgress';
import { jobFileUrl } from '../../app/tasks/jobs-api';
import { FileUpload } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import {
  stationImportTemplateUrl,
  useActivityStationsApi,
  useRefreshAfterStationChange,
} from './activity-stations-api';

/**
 * The station ids of a spreadsheet, added by a job that checks every row first: a sheet with any wrong row
 * adds nothing and comes back with its rows marked.
 */
export function AddStationsBySheet({ activityId }: { activityId: number }) {
  const { t } = useTranslation('activities');
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const stations = useActivityStationsApi();
  const refresh = useRefreshAfterStationChange();
  const [file, setFile] = useState<File>();
  const [missing, setMissing] = useState(false);
  const [ended, setEnded] = useState<Job>();
  const upload = useMutation({
    mutationFn: (sheet: File) => stations.upload(activityId, sheet),
    onMutate: () => setEnded(undefined),
  });
  const running = upload.isSuccess && ended === undefined;
  const outcome = ended && jobOutcome(ended);

  const start = () => {
    setMissing(file === undefined);
    if (file) upload.mutate(file);
  };

  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('addStations.file')}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('addStations.fileRequired') : undefined}
          extra={
            <Flex vertical gap={4}>
              {t('addStations.fileHelp')}
              <Typography.Link href={stationImportTemplateUrl(tenant)} download>
                <DownloadOutlined /> {t('addStations.template')}
              </Typography.Link>
            </Flex>
          }
        >
          <FileUpload
            accept=".xlsx"
            label={t('addStations.chooseFile')}
            value={file ?? null}
            disabled={running}
            onChange={(picked) => {
              setFile(picked);
              setMissing(false);
            }}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button type="primary" loading={upload.isPending} disabled={running} onClick={start}>
          {t('addStations.start')}
        </Button>
      </Flex>
      {upload.isError && <Alert type="error" showIcon title={describe(upload.error)} />}
      {upload.isSuccess && (
        <JobProgress
          key={upload.data.jobId}
          jobId={upload.data.jobId}
          refused={(job) => jobOutcome(job) === 'withErrors'}
          onFinished={(job) => {
            setEnded(job);
            void refresh(activityId);
          }}
          describe={(job) => (isFinishedJobState(job.state) ? null : t('addStations.importing'))}
        />
      )}
      {ended && outcome === 'succeeded' && (
        <Alert
          type="success"
          showIcon
          title={t('addStations.imported')}
          description={ended.progress.message}
        />
      )}
      {ended && outcome === 'withErrors' && (
        <Alert
          type="error"
          showIcon
          title={t('addStations.importWithErrors')}
          description={ended.progress.message ?? t('addStations.importWithErrorsHelp')}
          action={
            (ended.result?.files.length ?? 0) > 0 && (
              <Button icon={<DownloadOutlined />} href={jobFileUrl(tenant, ended.jobId, 0)} download>
                {t('addStations.errorSheet')}
              </Button>
            )
          }
        />
      )}
      {ended && (outcome === 'failed' || outcome === 'cancelled') && (
        <Alert
          type="error"
          showIcon
          title={t('addStations.importFailed')}
          description={ended.error ?? ended.progress.message}
        />
      )}
    </Flex>
  );
}
