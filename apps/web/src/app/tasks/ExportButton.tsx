import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import type { Query } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { fetchExport, saveFile } from '../../api/export-download';
import { jobsQueryKey } from './jobs-api';
import { useTaskCenter } from './task-center-context';

const formatSize = (bytes: number): string =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface ExportButtonProps {
  /** The area the task center shows, where an export that became a job appears. */
  tenant: Tenant;
  /** The list's export route, e.g. `/api/nio/stations/export`. */
  path: string;
  /** The list's filter and order as the list request sends them, without paging. */
  query: Query;
  /** The visible column keys in the order the table shows them. */
  columns: string[];
  /** The file's name before its time when the server names none. */
  fileName: string;
}

/**
 * Downloads a list as its screen filters, orders and shows it (all pages, the visible columns in their
 * order, headers in the user's language). The button stays busy, counting what has arrived, until the
 * file is saved; an export too large to wait for becomes a job, and the task center opens on it.
 */
export function ExportButton({ tenant, path, query, columns, fileName }: ExportButtonProps) {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const describe = useDescribeError();
  const [received, setReceived] = useState(0);
  const queryClient = useQueryClient();
  const taskCenter = useTaskCenter();

  const download = useMutation({
    mutationFn: async () => {
      setReceived(0);
      const answer = await fetchExport(
        path,
        { ...query, columns: columns.join(',') },
        { fallbackName: `${fileName}-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`, onProgress: setReceived },
      );
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
    // A refused export says why; it stays until read.
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
