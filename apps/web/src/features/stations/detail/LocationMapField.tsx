import { lazy, Suspense, useState } from 'react';
import { App, Flex, Form, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTenantApi } from '../../../api/use-tenant-api';
import { useEntityFormMode } from '../../../components';
import { reverseGeocode } from './station-detail-api';
import type { LngLat, MapPoint, MapPointKind } from './StationMap';

// Leaflet is a large download that only the detail screens need, and only once the map is on screen.
const StationMap = lazy(() => import('./StationMap'));

export function LazyStationMap(props: Parameters<typeof StationMap>[0]) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 320 }} />}>
      <StationMap {...props} />
    </Suspense>
  );
}

const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

interface LocationMapFieldProps {
  stationName: string;
  /** A swap station's clone, read from the form's hasClone and clone location fields. */
  withClone?: boolean;
}

/**
 * The map of a station form, following its longitude and latitude fields. While editing, a click on the map
 * (or dragging a marker) sets the location; a new station location also looks up its region and fills the
 * region field, which the user can still change.
 */
export function LocationMapField({ stationName, withClone = false }: LocationMapFieldProps) {
  const { t } = useTranslation('stationDetail');
  const { message } = App.useApp();
  const client = useTenantApi();
  const form = Form.useFormInstance();
  const editing = useEntityFormMode() !== 'view';
  const [target, setTarget] = useState<MapPointKind>('station');
  const longitude: unknown = Form.useWatch('longitude', form);
  const latitude: unknown = Form.useWatch('latitude', form);
  const hasClone: unknown = Form.useWatch('hasClone', form);
  const cloneLongitude: unknown = Form.useWatch('cloneLongitude', form);
  const cloneLatitude: unknown = Form.useWatch('cloneLatitude', form);
  const showClone = withClone && hasClone === true;

  const points: MapPoint[] = [];
  if (isCoordinate(longitude) && isCoordinate(latitude)) {
    points.push({ kind: 'station', longitude, latitude, label: stationName });
  }
  if (showClone && isCoordinate(cloneLongitude) && isCoordinate(cloneLatitude)) {
    points.push({ kind: 'clone', longitude: cloneLongitude, latitude: cloneLatitude, label: t('map.clone') });
  }

  const pick = (position: LngLat, kind: MapPointKind = showClone ? target : 'station') => {
    if (kind === 'clone') {
      form.setFieldsValue({ cloneLongitude: position.longitude, cloneLatitude: position.latitude });
      return;
    }
    form.setFieldsValue({ longitude: position.longitude, latitude: position.latitude });
    reverseGeocode(client, position.longitude, position.latitude).then(
      (found) => {
        form.setFieldsValue({ regionId: found.regionId });
        void message.info(t('map.regionFound', { region: found.region }));
      },
      () => void message.warning(t('map.regionUnknown')),
    );
  };

  // The map opens on the points it is first given, so it waits for a location rather than opening on China.
  if (points.length === 0) return <Typography.Text type="secondary">{t('map.noLocation')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {editing && (
        <Flex align="center" gap={12} wrap>
          {showClone && (
            <Segmented<MapPointKind>
              value={target}
              onChange={setTarget}
              options={[
                { value: 'station', label: t('map.pickStation') },
                { value: 'clone', label: t('map.pickClone') },
              ]}
            />
          )}
          <Typography.Text type="secondary">{t('map.pickHint')}</Typography.Text>
        </Flex>
      )}
      <LazyStationMap points={points} onPick={editing ? pick : undefined} />
    </Flex>
  );
}
