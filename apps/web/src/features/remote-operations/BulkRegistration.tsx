import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Radio, Table, Typography, Upload } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import {
  ChargePointBulkErrorDetailsSchema,
  type ChargePointBulkErrorDetails,
} from '@cmp/domain/stations/ocpp-operations';
import { ApiError, toApiError } from '../../api/client';
import { useDescribeError } from '../../api/describe-error';
import { fileNameOf, saveFile } from '../../api/export-download';
import { useCanChange } from '../../app/session/use-can-change';
import { useEnumLabel } from '../../components/i18n/use-enum-label';

type Format = 'csv' | 'xlsx';

/** Posts the sheet and hands the answered password file to the browser's download; answers how many rows. */
async function registerInBulk(tenant: Tenant, file: File, format: Format): Promise<number> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/${tenant}/charge-points/bulk?format=${format}`, {
    method: 'POST',
    body: form,
    headers: { 'Accept-Language': document.documentElement.lang || 'zh-CN' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  saveFile({ fileName: fileNameOf(response.headers.get('Content-Disposition'), `chargers.${format}`), blob });
  return Number(response.headers.get('x-registered-count'));
}

/** The wrong rows of a refused sheet, when the refusal lists them. */
const wrongRows = (error: unknown): ChargePointBulkErrorDetails['rows'] | undefined => {
  if (!(error instanceof ApiError) || error.code !== 'invalid_rows') return undefined;
  const parsed = ChargePointBulkErrorDetailsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.rows : undefined;
};

/**
 * Registers the chargers of a sheet of equipment ids at once (operators): the portal answers a file of
 * their passwords and endpoints, downloaded at once and never shown again; a sheet with a wrong row
 * registers none, and each wrong row is listed.
 */
export function BulkRegistration({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('remoteOperations');
  const canChange = useCanChange();
  const label = useEnumLabel();
  const describe = useDescribeError();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState<Format>('csv');
  const register = useMutation({ mutationFn: () => registerInBulk(tenant, file!, format) });
  const rows = wrongRows(register.error);

  const close = () => {
    setOpen(false);
    setFile(undefined);
    register.reset();
  };
  if (!canChange) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('bulk.open')}
      </Button>
      <Modal
        open={open}
        title={t('bulk.title')}
        width={640}
        onCancel={close}
        destroyOnHidden
        mask={{ closable: !register.isPending }}
        footer={
          register.isSuccess ? (
            <Button type="primary" onClick={close}>
              {t('command.close')}
            </Button>
          ) : (
            <Flex justify="end" gap={8}>
              <Button onClick={close} disabled={register.isPending}>
                {t('command.cancel')}
              </Button>
              <Button
                type="primary"
                disabled={!file}
                loading={register.isPending}
                onClick={() => register.mutate()}
              >
                {t('bulk.register')}
              </Button>
            </Flex>
          )
        }
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('bulk.hint')}</Typography.Text>
          <Upload
            accept=".xlsx,.csv"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              register.reset();
              return false;
            }}
            onRemove={() => setFile(undefined)}
            fileList={file ? [{ uid: 'sheet', name: file.name, status: 'done' }] : []}
            disabled={register.isPending || register.isSuccess}
          >
            <Button icon={<UploadOutlined />}>{t('bulk.choose')}</Button>
          </Upload>
          <Flex gap={8} align="center">
            <Typography.Text>{t('bulk.format')}</Typography.Text>
            <Radio.Group
              value={format}
              onChange={(event) => setFormat(event.target.value as Format)}
              disabled={register.isPending || register.isSuccess}
              options={[
                { value: 'csv', label: 'CSV' },
                { value: 'xlsx', label: 'XLSX' },
              ]}
            />
          </Flex>
          {register.isSuccess && (
            <Alert
              type="success"
              showIcon
              title={t('bulk.done', { count: register.data })}
              description={t('bulk.once')}
            />
          )}
          {register.isError &&
            (rows ? (
              <>
                <Alert type="error" showIcon title={t('bulk.rejected', { count: rows.length })} />
                <Table
                  size="small"
                  rowKey="row"
                  data-testid="bulk-errors"
                  dataSource={rows}
                  pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  columns={[
                    { key: 'row', title: '#', width: 90, render: (_, r) => t('bulk.row', { row: r.row }) },
                    { key: 'id', title: t('bulk.chargePointId'), render: (_, r) => r.chargePointId || '-' },
                    {
                      key: 'error',
                      title: t('bulk.error'),
                      render: (_, r) => label('chargePointBulkRowError', r.error),
                    },
                  ]}
                />
              </>
            ) : (
              <Alert type="error" showIcon title={describe(register.error)} />
            ))}
        </Flex>
      </Modal>
    </>
  );
}
