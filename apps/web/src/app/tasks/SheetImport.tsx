import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { isFinishedJobState, jobOutcome, type Job } from '@cmp/domain';
import { useDescribeError } from '../../api/describe-error';
import { useStationsTenant } from '../../components/lookups';
import { JobProgress } from './JobProgress';
import { jobFileUrl } from './jobs-api';

/**
 * A sheet sent to an import job of the task center: the file chosen (and whether one is missing when the
 * user starts), the upload, and the job once it has ended. Each screen lays out its own file field.
 */
export function useSheetImport(send: (sheet: File) => Promise<{ jobId: number }>) {
  const [file, setFile] = useState<File>();
  const [missing, setMissing] = useState(false);
  const [ended, setEnded] = useState<Job>();
  const upload = useMutation({ mutationFn: send, onMutate: () => setEnded(undefined) });
  return {
    file,
    missing,
    ended,
    upload,
    /** A job is under way: the file stays as it is until it ends. */
    running: upload.isSuccess && ended === undefined,
    choose: (picked: File | undefined) => {
      setFile(picked);
      setMissing(false);
    },
    start: () => {
      setMissing(file === undefined);
      if (file) upload.mutate(file);
    },
    end: setEnded,
  };
}

export type SheetImport = ReturnType<typeof useSheetImport>;

/** What the screen says of its import, in its own words. */
export interface SheetImportTexts {
  /** Beside the progress while the rows are checked; the job's own message otherwise. */
  running?: string;
  succeeded: string;
  withErrors: string;
  /** Under `withErrors` when the job names no count. */
  withErrorsHelp?: string;
  errorSheet: string;
  failed: string;
}

/**
 * How an import is going and how it ended: a refused upload, the job's progress, then the rows imported,
 * the sheet handed back with its rows' errors to download, or the job's failure.
 */
export function SheetImportStatus({
  sheet,
  texts,
  onFinished,
}: {
  sheet: SheetImport;
  texts: SheetImportTexts;
  onFinished?: (job: Job) => void;
}) {
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const { upload, ended } = sheet;
  const outcome = ended && jobOutcome(ended);
  return (
    <>
      {upload.isError && <Alert type="error" showIcon title={describe(upload.error)} />}
      {upload.isSuccess && (
        <JobProgress
          key={upload.data.jobId}
          jobId={upload.data.jobId}
          refused={(job) => jobOutcome(job) === 'withErrors'}
          onFinished={(job) => {
            sheet.end(job);
            onFinished?.(job);
          }}
          describe={
            texts.running === undefined
              ? undefined
              : (job) => (isFinishedJobState(job.state) ? null : texts.running)
          }
        />
      )}
      {ended && outcome === 'succeeded' && (
        <Alert type="success" showIcon title={texts.succeeded} description={ended.progress.message} />
      )}
      {ended && outcome === 'withErrors' && (
        <Alert
          type="error"
          showIcon
          title={texts.withErrors}
          description={ended.progress.message ?? texts.withErrorsHelp}
          action={
            (ended.result?.files.length ?? 0) > 0 && (
              <Button icon={<DownloadOutlined />} href={jobFileUrl(tenant, ended.jobId, 0)} download>
                {texts.errorSheet}
              </Button>
            )
          }
        />
      )}
      {ended && (outcome === 'failed' || outcome === 'cancelled') && (
        <Alert
          type="error"
          showIcon
          title={texts.failed}
          description={ended.error ?? ended.progress.message}
        />
      )}
    </>
  );
}
