import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SheetImportStatus, useSheetImport } from '../../app/tasks/SheetImport';
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
  const stations = useActivityStationsApi();
  const refresh = useRefreshAfterStationChange();
  const sheet = useSheetImport((file) => stations.upload(activityId, file));

  return (
    <Flex vertical gap={12}>
      <Form layout="vertical" component={false}>
        <Form.Item
          label={t('addStations.file')}
          validateStatus={sheet.missing ? 'error' : undefined}
          help={sheet.missing ? t('addStations.fileRequired') : undefined}
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
            value={sheet.file ?? null}
            disabled={sheet.running}
            onChange={sheet.choose}
          />
        </Form.Item>
      </Form>
      <Flex justify="flex-end">
        <Button
          type="primary"
          loading={sheet.upload.isPending}
          disabled={sheet.running}
          onClick={sheet.start}
        >
          {t('addStations.start')}
        </Button>
      </Flex>
      <SheetImportStatus
        sheet={sheet}
        texts={{
          running: t('addStations.importing'),
          succeeded: t('addStations.imported'),
          withErrors: t('addStations.importWithErrors'),
          withErrorsHelp: t('addStations.importWithErrorsHelp'),
          errorSheet: t('addStations.errorSheet'),
          failed: t('addStations.importFailed'),
        }}
        onFinished={() => void refresh(activityId)}
      />
    </Flex>
  );
}
