import { useState, type ReactNode } from 'react';
import { Flex, Spin, Typography, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { readErrorBody } from '@cmp/domain/platform/error-codes';
import { StoredFile } from '@cmp/domain/platform/files';
import { formatBytes, useUploadMaxBytes } from './upload-limit';

export interface ImageUploadProps {
  /** Upload endpoint; the file is posted to it as the multipart field `file`. */
  action: string;
  /** The stored image: the upload's answer, or just its URL as entities keep it. */
  value?: StoredFile | string | null;
  onChange?: (file: StoredFile) => void;
  disabled?: boolean;
  /** Shows only the image (or the label when there is none), with no way to upload. */
  labelOnly?: boolean;
  /** Text where no image is shown yet. */
  label?: ReactNode;
  accept?: string;
  /** Largest file taken; the server's limit by default. */
  maxBytes?: number;
}

const SIZE = 104;

const urlOf = (value: StoredFile | string | null | undefined): string | undefined =>
  typeof value === 'string' ? value || undefined : value?.url;

/** Posts the file and answers what the server stored, or throws with the server's own message. */
async function postImage(action: string, file: File, fallbackMessage: string): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(action, {
    method: 'POST',
    body,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new Error(readErrorBody(answer)?.message ?? fallbackMessage);
  }
  const stored = StoredFile.safeParse(answer);
  if (!stored.success) throw new Error(fallbackMessage);
  return stored.data;
}

/**
 * Uploads one image and shows what the server stored (its `url`), so the picture on screen is the one
 * saved, not a local preview. Server errors are shown under the control in the server's words.
 */
export function ImageUpload({
  action,
  value,
  onChange,
  disabled,
  labelOnly,
  label,
  accept = 'image/*',
  maxBytes,
}: ImageUploadProps) {
  const { t } = useTranslation('components');
  const serverMax = useUploadMaxBytes();
  const max = maxBytes ?? serverMax;
  const [uploaded, setUploaded] = useState<StoredFile>();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const url = value === undefined ? uploaded?.url : urlOf(value);
  const alt = typeof value === 'object' && value !== null ? value.name : (uploaded?.name ?? '');

  const image = url ? (
    <img src={url} alt={alt} style={{ maxWidth: SIZE, maxHeight: SIZE, objectFit: 'contain' }} />
  ) : null;

  if (labelOnly)
    return image ?? <Typography.Text type="secondary">{label ?? t('upload.noImage')}</Typography.Text>;

  const upload = async (file: File) => {
    setUploading(true);
    setError(undefined);
    try {
      const stored = await postImage(action, file, t('upload.uploadFailed'));
      setUploaded(stored);
      onChange?.(stored);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('upload.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={4}>
      <Upload
        accept={accept}
        disabled={disabled || uploading}
        listType="picture-card"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          // A file the server would refuse is not sent: the user learns at once, not after the upload.
          if (file.size > max) {
            setError(
              t('upload.tooLarge', { name: file.name, size: formatBytes(file.size), max: formatBytes(max) }),
            );
            return Upload.LIST_IGNORE;
          }
          void upload(file);
          // Our own request replaces antd's, which would not read the server's error shape.
          return false;
        }}
      >
        <Spin spinning={uploading} description={uploading ? t('upload.uploading') : undefined}>
          {image ?? (
            <Flex vertical align="center" gap={4}>
              <PlusOutlined />
              <span>{label ?? t('upload.uploadImage')}</span>
            </Flex>
          )}
        </Spin>
      </Upload>
      {error !== undefined && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
