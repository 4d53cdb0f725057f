import type { ReactNode } from 'react';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import { STATION_STATUS_LABELS, type StationStatus } from '@cmp/domain/stations/station-status';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { formatTime, orDash } from '../../../components/format';

export interface StationSummary {
  resourceId: string;
  resourceName: string;
  status: number;
  operatorName: string | null;
  basicInfoUpdateTime: number;
  active: boolean;
}

const STATUS_COLORS: Record<number, string> = { 1: 'processing', 3: 'default', 6: 'warning', 50: 'success' };

export function StationStatusTag({ status }: { status: number }) {
  const locale = useDomainLocale();
  const key = STATION_STATUS_LABELS[status as StationStatus] ?? STATION_STATUS_LABELS[0];
  return <Tag color={STATUS_COLORS[status]}>{formatMessage(locale, { key })}</Tag>;
}

/** Who the station is at a glance, above its tabs; `extra` holds the station's actions. */
export function StationHeader({
  station,
  kind,
  extra,
}: {
  station: StationSummary;
  kind: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('stationDetail');
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {station.resourceName}
          </Typography.Title>
          <Tag>{kind}</Tag>
          <StationStatusTag status={station.status} />
          <Tag color={station.active ? 'green' : 'red'}>
            {t(station.active ? 'header.active' : 'header.inactive')}
          </Tag>
        </Flex>
        {extra}
      </Flex>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('field.resourceId')}>
          <Typography.Text copyable>{station.resourceId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.operator')}>{orDash(station.operatorName)}</Descriptions.Item>
        <Descriptions.Item label={t('field.basicInfoUpdateTime')}>
          {formatTime(station.basicInfoUpdateTime)}
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
