import { useEffect, useState } from 'react';
import { Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  divIcon,
  latLngBounds,
  type LatLngExpression,
  type LeafletMouseEvent,
  type Marker as LeafletMarker,
} from 'leaflet';
import {
  AttributionControl,
  MapContainer,
  Marker,
  Polyline,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { getPortalConfig } from './station-detail-api';
import styles from './StationMap.module.css';

export type MapPointKind = 'station' | 'clone';

export interface MapPoint {
  kind: MapPointKind;
  longitude: number;
  latitude: number;
  label: string;
}

export interface LngLat {
  longitude: number;
  latitude: number;
}

export interface StationMapProps {
  /** The station, and a swap station's clone; a line joins the two. */
  points: MapPoint[];
  /** Set while the location is being picked: a click on the map, or dragging a marker, moves a point. */
  onPick?: (position: LngLat, kind?: MapPointKind) => void;
  height?: number;
}

const PIN_SIZE = 22;
const icons = Object.fromEntries(
  (['station', 'clone'] as const).map((kind) => [
    kind,
    divIcon({
      className: '',
      html: `<div class="${styles.pin} ${styles[kind]}"></div>`,
      iconSize: [PIN_SIZE, PIN_SIZE],
      // The rotated square's sharp corner, which is where the station is.
      iconAnchor: [PIN_SIZE / 2, PIN_SIZE * 1.2],
      tooltipAnchor: [0, -PIN_SIZE],
    }),
  ]),
) as Record<MapPointKind, ReturnType<typeof divIcon>>;

const PORTAL_CONFIG_KEY = ['portal-config'] as const;
const SINGLE_POINT_ZOOM = 15;

function ClickToPick({ onPick }: { onPick: (position: LngLat) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) =>
      onPick({ longitude: round(event.latlng.lng), latitude: round(event.latlng.lat) }),
  });
  return null;
}

/**
 * A map in a tab that was hidden measured itself at zero size: its tiles and the centring of its labels are
 * off until it measures again, so it does whenever its box changes.
 */
function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize();
      map.eachLayer((layer) => layer.getTooltip()?.update());
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Six decimals are about 0.1 m, finer than any station needs and short enough to read. */
const round = (degrees: number): number => Math.round(degrees * 1e6) / 1e6;

/**
 * A station on a Leaflet map. The tiles come from the portal's configuration; without them the markers and
 * the line still show, on a plain background. The view is fitted once to the points it opens with, so
 * picking a location does not make the map jump.
 */
export default function StationMap({ points, onPick, height = 320 }: StationMapProps) {
  const { t } = useTranslation('stationDetail');
  const config = useQuery({
    queryKey: PORTAL_CONFIG_KEY,
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });
  const positions = points.map((p): LatLngExpression => [p.latitude, p.longitude]);
  // MapContainer reads its view once, so later points must not recompute it.
  const [view] = useState(() => initialView(positions));
  const tileUrl = config.data?.tileUrl;

  return (
    <Flex vertical gap={4}>
      <MapContainer
        {...view}
        className={styles.map}
        style={{ height }}
        scrollWheelZoom={false}
        // The configuration may arrive after the map is made, and the map reads this option only once.
        attributionControl={false}
      >
        {tileUrl && <AttributionControl prefix={false} />}
        {tileUrl && <TileLayer url={tileUrl} attribution={config.data?.tileAttribution ?? undefined} />}
        {points.length > 1 && (
          <Polyline positions={positions} pathOptions={{ color: '#fa8c16', dashArray: '6 6' }} />
        )}
        {points.map((point) => (
          <Marker
            key={point.kind}
            position={[point.latitude, point.longitude]}
            icon={icons[point.kind]}
            title={point.label}
            draggable={onPick !== undefined}
            eventHandlers={{
              dragend: (event) => {
                const at = (event.target as LeafletMarker).getLatLng();
                onPick?.({ longitude: round(at.lng), latitude: round(at.lat) }, point.kind);
              },
            }}
          >
            <Tooltip direction="top" permanent>
              {point.label}
            </Tooltip>
          </Marker>
        ))}
        {onPick && <ClickToPick onPick={(position) => onPick(position)} />}
        <FollowContainerSize />
      </MapContainer>
      {config.isSuccess && !tileUrl && <Typography.Text type="secondary">{t('map.noTiles')}</Typography.Text>}
    </Flex>
  );
}

function initialView(positions: LatLngExpression[]) {
  const [first] = positions;
  if (!first) return { center: [35, 105] as LatLngExpression, zoom: 4 };
  if (positions.length === 1) return { center: first, zoom: SINGLE_POINT_ZOOM };
  return {
    bounds: latLngBounds(positions),
    boundsOptions: { padding: [48, 48] as [number, number], maxZoom: 17 },
  };
}
