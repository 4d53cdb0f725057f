import { DownloadOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { jobOutcome } from '@cmp/domain';
import { SheetImportStatus, useSheetImport } from '../../app/tasks/SheetImport';
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
  const mall = useMallApi();
  const sheet = useSheetImport((file) => mall.upload(file));
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
        <Button
          key="start"
          type="primary"
          loading={sheet.upload.isPending}
          disabled={sheet.running}
          onClick={sheet.start}
        >
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
            validateStatus={sheet.missing ? 'error' : undefined}
            help={sheet.missing ? t('upload.fileRequired') : undefined}
          >
            <FileUpload
              accept=".xlsx"
              label={t('upload.chooseFile')}
              value={sheet.file ?? null}
              disabled={sheet.running}
              onChange={sheet.choose}
            />
          </Form.Item>
        </Form>
        <SheetImportStatus
          sheet={sheet}
          texts={{
            running: t('upload.checking'),
            succeeded: t('upload.done'),
            withErrors: t('upload.withErrors'),
            withErrorsHelp: t('upload.withErrorsHelp'),
            errorSheet: t('upload.errorSheet'),
            failed: t('upload.failed'),
          }}
          onFinished={(job) => {
            if (jobOutcome(job) === 'succeeded') onAdded();
          }}
        />
      </Flex>
    </Modal>
  );
}
