import { useMemo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Marker, Polyline, Popup, Tooltip } from 'react-leaflet';
import type { Waypoint } from '@cmp/domain/road-books/road-book-save';
import type { Location, RouteInfo, RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';
import { pinIcon, PortalMap, type LngLat, type MapTiles } from '../../../components/Map/PortalMap';
import { km, routeLines } from './route-format';
import { StopPins } from './StopPins';

export interface MapPlace extends Location {
  name: string;
}

/** A stop as the map numbers it: the editor's chosen candidates, the mobile view's saved stops. */
export type MapStop = Pick<RoutePlanningResourceItem, 'id' | 'name' | 'type' | 'location'>;

export interface RouteMapProps {
  origin: MapPlace | null;
  destination: MapPlace | null;
  waypoints: readonly Waypoint[];
  route?: RouteInfo;
  stops: readonly MapStop[];
  /** Candidates not chosen; a click on one offers to choose it. */
  candidates?: readonly RoutePlanningResourceItem[];
  onChoose?: (id: string, selected: boolean) => void;
  onMapClick?: (position: LngLat) => void;
  /** A new key fits the view to the trip again (a new plan, another road book). */
  fitKey: string;
  height: number | string;
  tiles?: MapTiles | null;
}

export const MAP_COLORS = {
  route: '#1677ff',
  short: '#ff4d4f',
  origin: '#52c41a',
  destination: '#f5222d',
  waypoint: '#595959',
  stop: '#fa8c16',
  ChargeStation: '#1677ff',
  PowerSwap: '#722ed1',
} as const;

const placeIcons = {
  origin: (text: string) => pinIcon({ color: MAP_COLORS.origin, text, size: 28 }),
  destination: (text: string) => pinIcon({ color: MAP_COLORS.destination, text, size: 28 }),
};

/**
 * A trip on the map: the route (steps the range does not cover in red, dashed), origin, destination and
 * waypoints, the chosen stops numbered in driving order (neighbours that would overlap share a pin), and the
 * other candidates as small circles coloured by type.
 */
export function RouteMap({
  origin,
  destination,
  waypoints,
  route,
  stops,
  candidates = [],
  onChoose,
  onMapClick,
  fitKey,
  height,
  tiles,
}: RouteMapProps) {
  const { t } = useTranslation('roadBooks');
  const lines = useMemo(() => routeLines(route), [route]);
  const fit = useMemo<LngLat[]>(() => {
    const points: LngLat[] = [];
    if (origin) points.push(origin);
    points.push(...waypoints, ...stops.map((stop) => stop.location));
    if (destination) points.push(destination);
    for (const line of lines) {
      for (const [latitude, longitude] of line.positions) points.push({ latitude, longitude });
    }
    return points;
  }, [origin, destination, waypoints, stops, lines]);
  const endpoints = useMemo(
    () => [origin, destination].filter((place): place is MapPlace => place !== null),
    [origin, destination],
  );
  const originIcon = useMemo(() => placeIcons.origin(t('map.originPin')), [t]);
  const destinationIcon = useMemo(() => placeIcons.destination(t('map.destinationPin')), [t]);

  return (
    <PortalMap fit={fit} fitKey={fitKey} height={height} tiles={tiles} onMapClick={onMapClick}>
      {lines.map((line, index) => (
        <Polyline
          key={`line-${index}`}
          positions={line.positions}
          pathOptions={
            line.short
              ? { color: MAP_COLORS.short, weight: 5, dashArray: '8 8' }
              : { color: MAP_COLORS.route, weight: 5, opacity: 0.8 }
          }
        />
      ))}
      {candidates.map((item) => (
        <CircleMarker
          key={`candidate-${item.id}`}
          center={[item.location.latitude, item.location.longitude]}
          radius={5}
          pathOptions={{ color: '#fff', weight: 1, fillColor: MAP_COLORS[item.type], fillOpacity: 0.9 }}
        >
          <Popup>
            <Flex vertical gap={4}>
              <Typography.Text strong>{item.showName || item.name}</Typography.Text>
              <Typography.Text type="secondary">
                {t(`resourceType.${item.type}`)} · {t('unit.km', { value: km(item.progress) })}
              </Typography.Text>
              {onChoose && (
                <Button size="small" type="primary" onClick={() => onChoose(item.id, true)}>
                  {t('candidate.choose')}
                </Button>
              )}
            </Flex>
          </Popup>
        </CircleMarker>
      ))}
      {waypoints.map((waypoint, index) => (
        <Marker
          key={`waypoint-${waypoint.id}`}
          position={[waypoint.latitude, waypoint.longitude]}
          icon={pinIcon({ color: MAP_COLORS.waypoint, text: `${index + 1}` })}
          title={waypoint.name ?? t('trip.waypointN', { n: index + 1 })}
        >
          <Tooltip direction="top">
            {t('trip.waypointN', { n: index + 1 }) + ` ${waypoint.name ?? ''}`}
          </Tooltip>
        </Marker>
      ))}
      <StopPins stops={stops} endpoints={endpoints} onChoose={onChoose} />
      {origin && (
        <Marker
          position={[origin.latitude, origin.longitude]}
          icon={originIcon}
          title={origin.name}
          zIndexOffset={1000}
        >
          <Tooltip direction="top">{origin.name}</Tooltip>
        </Marker>
      )}
      {destination && (
        <Marker
          position={[destination.latitude, destination.longitude]}
          icon={destinationIcon}
          title={destination.name}
          zIndexOffset={1000}
        >
          <Tooltip direction="top">{destination.name}</Tooltip>
        </Marker>
      )}
    </PortalMap>
  );
}
