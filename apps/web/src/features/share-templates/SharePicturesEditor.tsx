import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@cmp/domain';
import { SHARE_PICTURE_MAX, type SharePicture } from '@cmp/domain/share-templates/share-templates';
import { ImageUpload } from '../../components';

export interface SharePicturesEditorProps {
  tenant: Tenant;
  value?: SharePicture[];
  onChange?: (pictures: SharePicture[]) => void;
  disabled?: boolean;
}

/**
 * The share picture list (spec: at most 5): each picture uploaded to the tenant's files, the first one the
 * card's; pictures are moved or removed in place, and the upload disappears once 5 are there.
 */
export function SharePicturesEditor({ tenant, value = [], onChange, disabled }: SharePicturesEditorProps) {
  const { t } = useTranslation('shareTemplates');
  const move = (from: number, to: number) => {
    const next = [...value];
    const [picture] = next.splice(from, 1);
    next.splice(to, 0, picture!);
    onChange?.(next);
  };
  return (
    <Flex vertical gap={4}>
      <Flex wrap gap={8} align="start">
        {value.map((picture, index) => (
          <Flex key={picture.fileId} vertical align="center" gap={2} data-testid="share-picture">
            <Image
              src={picture.url}
              width={104}
              height={104}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              alt={t('editor.pictureAlt', { n: index + 1 })}
            />
            {!disabled && (
              <Flex gap={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  aria-label={t('editor.moveLeft')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.removePicture', { n: index + 1 })}
                  onClick={() => onChange?.(value.filter((_, i) => i !== index))}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowRightOutlined />}
                  aria-label={t('editor.moveRight')}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                />
              </Flex>
            )}
          </Flex>
        ))}
        {!disabled && value.length < SHARE_PICTURE_MAX && (
          // A fresh control per picture: each upload adds one and the control is empty again.
          <ImageUpload
            key={value.length}
            action={`/api/${tenant}/files`}
            value={null}
            label={t('editor.addPicture')}
            onChange={(file) => onChange?.([...value, { fileId: file.fileId, url: file.url }])}
          />
        )}
      </Flex>
      <Typography.Text type="secondary">
        {t('editor.pictureCount', { count: value.length, max: SHARE_PICTURE_MAX })}
      </Typography.Text>
    </Flex>
  );
}
