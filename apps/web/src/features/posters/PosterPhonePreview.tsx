import type { CSSProperties, ReactNode } from 'react';
import { CloseOutlined, PictureOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { posterTriggerOf } from '@cmp/domain/posters/poster-contracts';

/** The apps lay out from a 750-wide design; the frame shows it at this many CSS pixels. */
export const DESIGN_WIDTH = 750;
const SCREEN_WIDTH = 300;
const SCALE = SCREEN_WIDTH / DESIGN_WIDTH;
/** A 750 × 1624 design (a 9:19.5 phone). */
const SCREEN_HEIGHT = Math.round(1624 * SCALE);
/** Design pixels to the frame's pixels. */
const px = (design: number) => Math.round(design * SCALE);

export interface PosterPhonePreviewProps {
  ruleId?: number;
  image?: string;
  title?: string | null;
  subTitle?: string | null;
  linkType?: number;
  videoTitle?: string | null;
}

function Picture({ image, style }: { image?: string; style: CSSProperties }) {
  const { t } = useTranslation('posters');
  return image ? (
    <img src={image} alt={t('field.image')} style={{ objectFit: 'cover', display: 'block', ...style }} />
  ) : (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={4}
      style={{ background: '#f0f0f0', color: '#8c8c8c', fontSize: 11, textAlign: 'center', ...style }}
    >
      <PictureOutlined style={{ fontSize: 24 }} />
      {t('preview.noImage')}
    </Flex>
  );
}

/** The grey blocks of an app screen the poster sits on. */
function Placeholder({ height, width = '100%' }: { height: number; width?: number | string }) {
  return <div style={{ height, width, background: '#e8e8e8', borderRadius: px(12) }} />;
}

/**
 * How the poster shows on a phone at its trigger: full screen at launch, a banner on the home page, a card over
 * the map, on a station's page, or over the page a charge or a swap ends on. A 750-wide design scaled into a
 * phone-shaped frame, as the apps scale it.
 */
export function PosterPhonePreview({
  ruleId,
  image,
  title,
  subTitle,
  linkType,
  videoTitle,
}: PosterPhonePreviewProps) {
  const { t } = useTranslation('posters');
  // Until a trigger is chosen the poster is shown as a home banner, the commonest place.
  const code = (ruleId === undefined ? undefined : posterTriggerOf(ruleId)?.code) ?? 'home_banner';
  const caption = (title || subTitle) && (
    <Flex vertical style={{ padding: `${px(16)}px ${px(24)}px` }}>
      {title && (
        <Typography.Text strong style={{ fontSize: px(32) }} ellipsis>
          {title}
        </Typography.Text>
      )}
      {subTitle && (
        <Typography.Text type="secondary" style={{ fontSize: px(26) }} ellipsis>
          {subTitle}
        </Typography.Text>
      )}
    </Flex>
  );
  const video = linkType === 4 && (
    <Flex
      align="center"
      gap={4}
      style={{ padding: `0 ${px(24)}px ${px(16)}px`, fontSize: px(24), color: '#1677ff' }}
    >
      <PlayCircleOutlined /> {videoTitle || t('preview.watch')}
    </Flex>
  );

  let screen: ReactNode;
  if (code === 'app_launch') {
    screen = (
      <div style={{ position: 'relative', height: '100%' }}>
        <Picture image={image} style={{ width: '100%', height: '100%' }} />
        <span
          style={{
            position: 'absolute',
            top: px(80),
            right: px(32),
            padding: `${px(6)}px ${px(20)}px`,
            borderRadius: px(30),
            background: 'rgba(0,0,0,0.45)',
            color: '#fff',
            fontSize: px(24),
          }}
        >
          {t('preview.skip')} 3
        </span>
      </div>
    );
  } else if (code === 'home_banner' || code === 'station_detail') {
    screen = (
      <Flex vertical gap={px(24)} style={{ padding: `${px(96)}px ${px(32)}px ${px(32)}px` }}>
        <Typography.Text strong style={{ fontSize: px(36) }}>
          {code === 'home_banner' ? t('preview.home') : t('preview.station')}
        </Typography.Text>
        {code === 'station_detail' && <Placeholder height={px(240)} />}
        <div style={{ background: '#fff', borderRadius: px(16), overflow: 'hidden' }}>
          <Picture image={image} style={{ width: '100%', height: px(280) }} />
          {caption}
          {video}
        </div>
        <Placeholder height={px(160)} />
        <Placeholder height={px(160)} />
        <Placeholder height={px(160)} />
      </Flex>
    );
  } else {
    const backdrop = code === 'map_popup' ? t('preview.map') : t('preview.order');
    screen = (
      <div style={{ position: 'relative', height: '100%' }}>
        <Flex vertical gap={px(24)} style={{ padding: `${px(96)}px ${px(32)}px` }}>
          <Typography.Text strong style={{ fontSize: px(36) }}>
            {backdrop}
          </Typography.Text>
          <Placeholder height={px(600)} />
          <Placeholder height={px(200)} />
        </Flex>
        <Flex
          vertical
          align="center"
          justify="center"
          gap={px(32)}
          style={{ position: 'absolute', inset: 0, background: 'rgba(0,0,0,0.55)' }}
        >
          <div style={{ width: px(600), background: '#fff', borderRadius: px(24), overflow: 'hidden' }}>
            <Picture image={image} style={{ width: '100%', height: px(760) }} />
            {caption}
            {video}
          </div>
          <CloseOutlined aria-label={t('preview.close')} style={{ color: '#fff', fontSize: px(48) }} />
        </Flex>
      </div>
    );
  }

  return (
    <Card
      size="small"
      title={t('preview.title')}
      extra={<Typography.Text type="secondary">{t('preview.help')}</Typography.Text>}
    >
      <Flex justify="center">
        <div
          data-testid="poster-phone-preview"
          style={{
            width: SCREEN_WIDTH + 20,
            padding: 10,
            borderRadius: 36,
            background: '#1f1f1f',
            boxShadow: '0 4px 16px rgba(0,0,0,0.25)',
          }}
        >
          <div
            style={{
              position: 'relative',
              width: SCREEN_WIDTH,
              height: SCREEN_HEIGHT,
              borderRadius: 28,
              overflow: 'hidden',
              background: '#f5f5f5',
            }}
          >
            {screen}
            <div
              style={{
                position: 'absolute',
                top: px(16),
                left: '50%',
                width: px(220),
                height: px(44),
                marginLeft: -px(110),
                borderRadius: px(22),
                background: '#1f1f1f',
              }}
            />
          </div>
        </div>
      </Flex>
    </Card>
  );
}
