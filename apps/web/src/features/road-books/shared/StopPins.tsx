import { useMemo, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { pinIcon } from '../../../components/Map/PortalMap';
import { groupStops } from './stop-groups';
import { MAP_COLORS, type MapStop } from './RouteMap';

const STOP_PIN = 26;
const GROUP_PIN = 34;

/**
 * The chosen stops, numbered in driving order. Stops that would overlap at the current zoom share one pin
 * labelled with their range ("3–5") whose popup lists each; a long trip seen whole stays readable.
 */
export function StopPins({
  stops,
  onChoose,
}: {
  stops: readonly MapStop[];
  onChoose?: (id: string, selected: boolean) => void;
}) {
  const { t } = useTranslation('roadBooks');
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const groups = useMemo(
    () =>
      groupStops(
        stops.map((stop) => map.project([stop.location.latitude, stop.location.longitude], zoom)),
        // Apart by the larger pin and a little: a range's pin is wider than a single stop's.
        GROUP_PIN + 2,
      ),
    [map, stops, zoom],
  );

  return groups.map(({ first, last }) => {
    const members = stops.slice(first, last + 1);
    const anchor = members[0]!;
    const label = first === last ? `${first + 1}` : `${first + 1}–${last + 1}`;
    return (
      <Marker
        key={`stop-${anchor.id}-${last}`}
        position={[anchor.location.latitude, anchor.location.longitude]}
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
    );
  });
}
