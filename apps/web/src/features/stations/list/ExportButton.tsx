import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDescribeError } from '../../../api/describe-error';
import { jobsQueryKey } from '../../../app/tasks/jobs-api';
import { useTaskCenter } from '../../../app/tasks/task-center-context';
import type { SearchFilter } from '../../../components';
import { readPage, toRequestFilters } from '../../../components/SearchTable/filters';
import { useStationsTenant } from '../shared/lookups';
import { fetchOperationListExport, saveFile } from './export-download';
import { toExportRequest } from './operation-list-query';

const formatSize = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Downloads the operations list as the URL filters and orders it (what the table shows), all pages. The
 * button stays busy, counting what has arrived, until the file is saved; an export too large to wait
 * for becomes a job, and the task center opens on it.
 */
export function ExportButton({ filters }: { filters: SearchFilter[] }) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const tenant = useStationsTenant();
  const [searchParams] = useSearchParams();
  const [received, setReceived] = useState(0);
  const queryClient = useQueryClient();
  const taskCenter = useTaskCenter();

  const download = useMutation({
    mutationFn: async () => {
      setReceived(0);
      const params = { ...readPage(searchParams), ...toRequestFilters(filters, searchParams) };
      const answer = await fetchOperationListExport(tenant, toExportRequest(params, dayjs().format('Z')), {
        fallbackName: `stations-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`,
        onProgress: setReceived,
      });
      if ('file' in answer) saveFile(answer.file);
      return answer;
    },
    onSuccess: (answer) => {
      if ('file' in answer) {
        void message.success(t('export.done', { fileName: answer.file.fileName }));
        return;
      }
      // Too many rows to wait for: the server made it a job, which the task center follows.
      void message.info(t('export.queued'));
      void queryClient.invalidateQueries({ queryKey: jobsQueryKey(tenant) });
      taskCenter.open();
    },
    // A refused export says why (too many rows, and how many are allowed); it stays until read.
    onError: (error) => void message.error(t('export.failed', { reason: describe(error) }), 8),
  });

  const label = !download.isPending
    ? t('export.button')
    : received > 0
      ? t('export.progress', { size: formatSize(received) })
      : t('export.downloading');

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={download.isPending}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      {label}
    </Button>
  );
}
