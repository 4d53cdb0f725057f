import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The most pictures a station publishes (the contract's limit). */
export const MAX_PICTURES = 9;

export interface PictureLinksEditorProps {
  value?: string[];
  onChange?: (links: string[]) => void;
  readOnly: boolean;
}

/** Links to the pictures the operator publishes: previews to read, one input per link to edit. */
export function PictureLinksEditor({ value = [], onChange, readOnly }: PictureLinksEditorProps) {
  const { t } = useTranslation('reportedStations');

  if (readOnly) {
    return value.length === 0 ? (
      <Typography.Text type="secondary">{t('picture.empty')}</Typography.Text>
    ) : (
      <Flex gap={8} wrap>
        {value.map((link) => (
          <Flex key={link} vertical gap={4} style={{ width: 120 }}>
            <Image src={link} width={120} height={90} style={{ objectFit: 'cover' }} />
            <Typography.Link href={link} target="_blank" rel="noreferrer" ellipsis>
              {link}
            </Typography.Link>
          </Flex>
        ))}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={8}>
      {value.map((link, index) => (
        <Flex key={index} gap={8} align="center">
          <Input
            aria-label={t('picture.row', { n: index + 1 })}
            placeholder={t('picture.placeholder')}
            maxLength={1024}
            style={{ maxWidth: 640 }}
            value={link}
            onChange={(event) => onChange?.(value.map((old, i) => (i === index ? event.target.value : old)))}
          />
          <Button
            type="text"
            aria-label={t('picture.remove', { n: index + 1 })}
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <div>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={value.length >= MAX_PICTURES}
          onClick={() => onChange?.([...value, ''])}
        >
          {t('picture.add')}
        </Button>
      </div>
    </Flex>
  );
}
