import { Fragment, useMemo, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Marker, Polyline, Popup, useMap, useMapEvents } from 'react-leaflet';
import { pinIcon, type LngLat } from '../../../components/Map/PortalMap';
import { besideEndpoints, groupStops } from './stop-groups';
import { MAP_COLORS, type MapStop } from './RouteMap';

const STOP_PIN = 26;
const GROUP_PIN = 34;

// Apart by the larger pin and a little: a range's pin is wider than a single stop's.
const PIN_GAP = GROUP_PIN + 2;

/**
 * The chosen stops, numbered in driving order. Stops that would overlap at the current zoom share one pin
 * labelled with their range ("3–5") whose popup lists each; a long trip seen whole stays readable. A pin that
 * would sit under the origin's or destination's pin stands beside it, with a leader line to where it is.
 */
export function StopPins({
  stops,
  endpoints,
  onChoose,
}: {
  stops: readonly MapStop[];
  /** The origin and destination, whose pins the stops' pins keep clear of. */
  endpoints: readonly LngLat[];
  onChoose?: (id: string, selected: boolean) => void;
}) {
  const { t } = useTranslation('roadBooks');
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const pins = useMemo(() => {
    const project = ({ latitude, longitude }: LngLat) => map.project([latitude, longitude], zoom);
    const ends = endpoints.map(project);
    const points = stops.map((stop) => project(stop.location));
    // Moved clear of the ends first, so that a moved pin also keeps apart from the stops' pins next to it.
    const placed = points.map((point) => besideEndpoints(point, ends, PIN_GAP));
    return groupStops(placed, PIN_GAP).map((group) => {
      const at = placed[group.first]!;
      return { ...group, moved: at === points[group.first] ? undefined : map.unproject([at.x, at.y], zoom) };
    });
  }, [map, stops, endpoints, zoom]);

  return pins.map(({ first, last, moved }) => {
    const members = stops.slice(first, last + 1);
    const anchor = members[0]!;
    const at: [number, number] = [anchor.location.latitude, anchor.location.longitude];
    const label = first === last ? `${first + 1}` : `${first + 1}–${last + 1}`;
    return (
      <Fragment key={`stop-${anchor.id}-${last}`}>
        {moved && (
          <Polyline
            positions={[at, moved]}
            pathOptions={{ color: MAP_COLORS.stop, weight: 2, dashArray: '2 4' }}
            interactive={false}
          />
        )}
        <Marker
          position={moved ?? at}
          icon={pinIcon({ color: MAP_COLORS.stop, text: label, size: first === last ? STOP_PIN : GROUP_PIN })}
          title={members.map((stop) => stop.name).join(' / ')}
          zIndexOffset={500}
        >
          <Popup>
            <Flex vertical gap={8}>
              {members.map((stop, offset) => (
                <Flex key={stop.id} vertical gap={4}>
                  <Typography.Text strong>{`${first + offset + 1}. ${stop.name}`}</Typography.Text>
                  <Typography.Text type="secondary">{t(`resourceType.${stop.type}`)}</Typography.Text>
                  {onChoose && (
                    <Button size="small" danger onClick={() => onChoose(stop.id, false)}>
                      {t('candidate.unchoose')}
                    </Button>
                  )}
                </Flex>
              ))}
            </Flex>
          </Popup>
        </Marker>
      </Fragment>
    );
  });
}
