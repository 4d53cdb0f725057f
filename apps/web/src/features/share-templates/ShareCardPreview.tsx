import { PictureOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ShareCardPreviewProps {
  title?: string;
  description?: string | null;
  pictureUrl?: string;
  landingPage?: string;
}

/** How the share looks in a chat: a card of the title, the description and the first picture. */
export function ShareCardPreview({ title, description, pictureUrl, landingPage }: ShareCardPreviewProps) {
  const { t } = useTranslation('shareTemplates');
  let host = '';
  try {
    host = landingPage ? new URL(landingPage).host : '';
  } catch {
    host = '';
  }
  return (
    <Card
      size="small"
      style={{ width: 320, background: '#f5f5f5' }}
      title={t('preview.title')}
      data-testid="share-card-preview"
    >
      <Flex vertical gap={6} style={{ background: '#fff', padding: 12, borderRadius: 6 }}>
        <Typography.Text strong ellipsis={{ tooltip: title }}>
          {title?.trim() || t('preview.noTitle')}
        </Typography.Text>
        <Flex gap={8} justify="space-between">
          <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }} ellipsis={{ rows: 3 }}>
            {description?.trim() || t('preview.noDescription')}
          </Typography.Paragraph>
          {pictureUrl ? (
            <img
              src={pictureUrl}
              alt={t('preview.pictureAlt')}
              style={{ width: 56, height: 56, objectFit: 'cover', flex: 'none', borderRadius: 4 }}
            />
          ) : (
            <Flex
              align="center"
              justify="center"
              style={{ width: 56, height: 56, flex: 'none', background: '#fafafa', color: '#bfbfbf' }}
            >
              <PictureOutlined style={{ fontSize: 24 }} />
            </Flex>
          )}
        </Flex>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 11, borderTop: '1px solid #f0f0f0', paddingTop: 4 }}
        >
          {host || t('preview.noLanding')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
