import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../api/describe-error';
import { fetchExport, saveFile } from '../../api/export-download';
import { useStationsTenant } from '../../components/lookups';
import { COUPON_PATHS } from './coupons-api';

type CodeFormat = 'csv' | 'xlsx';

/** Downloads the batch's codes as the server streams them (spec M7.1 download-coupon-code), CSV or XLSX. */
export function DownloadCodesButton({ couponBatchId }: { couponBatchId: number }) {
  const { t } = useTranslation('coupons');
  const { message } = App.useApp();
  const tenant = useStationsTenant();
  const describe = useDescribeError();
  const download = useMutation({
    mutationFn: async (format: CodeFormat) => {
      const answer = await fetchExport(
        `/api/${tenant}${COUPON_PATHS.batches}/${couponBatchId}/codes`,
        { format },
        { fallbackName: `coupon-codes-${couponBatchId}.${format}` },
      );
      if (!('file' in answer)) throw new Error(describe(undefined));
      saveFile(answer.file);
      return answer.file.fileName;
    },
    onSuccess: (fileName) => void message.success(t('detail.downloaded', { fileName })),
    onError: (error) => void message.error(describe(error), 8),
  });
  return (
    <Dropdown
      disabled={download.isPending}
      menu={{
        items: [
          { key: 'csv', label: t('detail.downloadCsv') },
          { key: 'xlsx', label: t('detail.downloadXlsx') },
        ],
        onClick: ({ key }) => download.mutate(key as CodeFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={download.isPending}>
        {t('detail.download')}
      </Button>
    </Dropdown>
  );
}
