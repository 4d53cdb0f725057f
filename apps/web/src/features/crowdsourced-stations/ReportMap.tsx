import { useMemo } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Marker, Tooltip } from 'react-leaflet';
import type { CrowdsourcedStation, NearbyStation } from '@cmp/domain/stations/crowdsourced-stations';
import { dotIcon, pinIcon, PortalMap, type LngLat } from '../../components/Map/PortalMap';
import { usePortalConfig } from '../../components/Map/portal-config';
import { useDistance } from './review-parts';

const MAP_HEIGHT = 420;
const COLORS = { report: '#f5222d', station: '#1677ff', compared: '#fa8c16', candidate: '#722ed1' } as const;

interface ReportMapProps {
  report: CrowdsourcedStation;
  stations: readonly NearbyStation[];
  /** The station the field diff compares with, drawn apart from the others. */
  compared: NearbyStation | undefined;
}

/**
 * The report where it was reported, the network stations nearest to it numbered by distance (the compared
 * one in its own colour), and the duplicate candidates found at intake, each labelled with its distance.
 */
export function ReportMap({ report, stations, compared }: ReportMapProps) {
  const { t } = useTranslation('crowdsourcedReview');
  const distance = useDistance();
  const tiles = usePortalConfig();
  const candidates = report.duplicateCandidates;
  const fit = useMemo<LngLat[]>(
    () => [report, ...stations, ...candidates].map(({ longitude, latitude }) => ({ longitude, latitude })),
    [report, stations, candidates],
  );
  const reportIcon = useMemo(() => pinIcon({ color: COLORS.report, size: 30 }), []);
  const candidateIcon = useMemo(() => dotIcon({ color: COLORS.candidate }), []);
  // A new icon object makes Leaflet redraw the marker, so each is made once per station and comparison.
  const stationIcons = useMemo(
    () =>
      stations.map((station, index) => {
        const isCompared = station.resourceId === compared?.resourceId;
        return pinIcon({
          color: isCompared ? COLORS.compared : COLORS.station,
          text: `${index + 1}`,
          size: isCompared ? 28 : 24,
        });
      }),
    [stations, compared],
  );

  return (
    <Card size="small" title={t('map.title')}>
      <Flex vertical gap={8}>
        <PortalMap fit={fit} fitKey={report.objectId} height={MAP_HEIGHT}>
          {candidates.map((candidate) => (
            <Marker
              key={`candidate-${candidate.kind}-${candidate.id}`}
              position={[candidate.latitude, candidate.longitude]}
              icon={candidateIcon}
              title={t('map.candidate', { name: candidate.name, distance: distance(candidate.distance) })}
            >
              <Tooltip direction="top">
                {t('map.candidate', { name: candidate.name, distance: distance(candidate.distance) })}
              </Tooltip>
            </Marker>
          ))}
          {stations.map((station, index) => {
            const isCompared = station.resourceId === compared?.resourceId;
            const label = t('map.station', {
              name: station.resourceName,
              distance: distance(station.distance),
            });
            return (
              <Marker
                key={`station-${station.resourceId}`}
                position={[station.latitude, station.longitude]}
                icon={stationIcons[index]}
                title={label}
                zIndexOffset={isCompared ? 500 : 0}
              >
                <Tooltip direction="top" permanent={isCompared}>
                  {label}
                </Tooltip>
              </Marker>
            );
          })}
          <Marker
            position={[report.latitude, report.longitude]}
            icon={reportIcon}
            title={t('map.report', { name: report.stationName })}
            zIndexOffset={1000}
          >
            <Tooltip direction="top" permanent>
              {report.stationName}
            </Tooltip>
          </Marker>
        </PortalMap>
        {tiles.isSuccess && tiles.data.tileUrl === null && (
          <Typography.Text type="secondary">{t('map.noTiles')}</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
