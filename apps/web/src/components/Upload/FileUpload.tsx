import { useState, type ReactNode } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, useUploadMaxBytes } from './upload-limit';

export interface FileUploadProps {
  /** File types the picker offers, as the input's `accept`, e.g. `.xlsx` or `image/*`. */
  accept?: string;
  disabled?: boolean;
  /** The chosen file when the parent holds it; the last picked file is shown otherwise. */
  value?: File | null;
  onChange?: (file: File) => void;
  /** Shows a plain plus icon instead of a labelled button, e.g. inside a table cell. */
  plusIcon?: boolean;
  /** Text of the button (and name of the plus icon); 选择文件 by default. */
  label?: ReactNode;
  /** Largest file taken; the server's limit by default. */
  maxBytes?: number;
}

/**
 * Picks one file and hands it over without uploading it: the screen decides where it goes (an import,
 * a package upload), usually together with other fields.
 */
export function FileUpload({
  accept,
  disabled,
  value,
  onChange,
  plusIcon,
  label,
  maxBytes,
}: FileUploadProps) {
  const { t } = useTranslation('components');
  const serverMax = useUploadMaxBytes();
  const max = maxBytes ?? serverMax;
  const [picked, setPicked] = useState<File>();
  const [refused, setRefused] = useState<string>();
  const chosen = value === undefined ? picked : (value ?? undefined);
  const text = label ?? t('upload.chooseFile');

  return (
    <Space>
      <Upload
        accept={accept}
        disabled={disabled}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          // The screen would send it later only to have the server refuse it: refused here, with the sizes.
          if (file.size > max) {
            setRefused(
              t('upload.tooLarge', { name: file.name, size: formatBytes(file.size), max: formatBytes(max) }),
            );
            return Upload.LIST_IGNORE;
          }
          setRefused(undefined);
          setPicked(file);
          onChange?.(file);
          // Keeps antd from posting the file anywhere.
          return false;
        }}
      >
        {plusIcon ? (
          <Button
            type="text"
            icon={<PlusOutlined />}
            disabled={disabled}
            aria-label={typeof text === 'string' ? text : undefined}
          />
        ) : (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {text}
          </Button>
        )}
      </Upload>
      {chosen && <Typography.Text>{chosen.name}</Typography.Text>}
      {refused !== undefined && (
        <Typography.Text type="danger" role="alert">
          {refused}
        </Typography.Text>
      )}
    </Space>
  );
}
