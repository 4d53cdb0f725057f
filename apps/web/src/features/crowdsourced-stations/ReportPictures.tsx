import { Card, Empty, Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';

const THUMB_SIZE = 104;

/** The pictures sent with the report as thumbnails; a click opens them large, one after another. */
export function ReportPictures({ report }: { report: CrowdsourcedStation }) {
  const { t } = useTranslation('crowdsourcedReview');
  return (
    <Card size="small" title={t('pictures.title')}>
      {report.pictures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pictures.empty')} />
      ) : (
        <Image.PreviewGroup>
          <Flex wrap gap={8}>
            {report.pictures.map((picture) => (
              <Image
                key={picture.fileId}
                src={picture.url}
                alt={picture.name}
                width={THUMB_SIZE}
                height={THUMB_SIZE}
                style={{ objectFit: 'cover' }}
              />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}
