import { Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  CrowdsourcedStation,
  DuplicateCandidate,
  NearbyStation,
} from '@cmp/domain/stations/crowdsourced-stations';
import { orDash } from '../../components/format';
import { useStationsTenant } from '../../components/lookups';
import { reportDetailPath } from './report-links';
import { stationPagePath, useDistance } from './review-parts';

/** The stations and open reports near the report when it came in, nearest first, each opening its page. */
export function DuplicateCandidates({
  report,
  stations,
}: {
  report: CrowdsourcedStation;
  stations: readonly NearbyStation[];
}) {
  const { t } = useTranslation('crowdsourcedReview');
  const tenant = useStationsTenant();
  const distance = useDistance();
  const pathOf = (candidate: DuplicateCandidate): string =>
    candidate.kind === 'report'
      ? reportDetailPath(tenant, candidate.id)
      : stationPagePath(tenant, candidate.id, stations, candidate.resourceType);
  const columns: TableColumnsType<DuplicateCandidate> = [
    {
      key: 'kind',
      title: t('duplicates.kind'),
      width: 80,
      render: (_value, candidate) => (
        <Tag color={candidate.kind === 'station' ? 'blue' : 'purple'}>
          {t(`duplicates.${candidate.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'name',
      title: t('duplicates.name'),
      render: (_value, candidate) => <Link to={pathOf(candidate)}>{candidate.name}</Link>,
    },
    { key: 'address', title: t('field.address'), render: (_value, candidate) => orDash(candidate.address) },
    {
      key: 'distance',
      title: t('duplicates.distance'),
      width: 100,
      align: 'right',
      render: (_value, candidate) => distance(candidate.distance),
    },
  ];
  return (
    <Card size="small" title={t('duplicates.title')}>
      <Table<DuplicateCandidate>
        rowKey={(candidate) => `${candidate.kind}-${candidate.id}`}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={report.duplicateCandidates}
        locale={{ emptyText: t('duplicates.empty') }}
      />
    </Card>
  );
}
