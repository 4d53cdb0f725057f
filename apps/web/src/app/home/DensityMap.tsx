import { memo, useMemo, useState } from 'react';
import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@cmp/domain/dashboard/dashboard';

type Density = Dashboard['density'];

const WIDTH = 640;
const PADDING_DEGREES = 1;
// From light to dark blue, as antd's primary palette: more stations, darker.
const SHADES = ['#e6f4ff', '#bae0ff', '#91caff', '#69b1ff', '#4096ff', '#1677ff', '#0958d9', '#003eb3'];

const shadeOf = (count: number, max: number) =>
  SHADES[
    Math.min(SHADES.length - 1, Math.floor((Math.log1p(count) / Math.log1p(max)) * (SHADES.length - 1)))
  ]!;

const degrees = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Where the network's stations are, without map tiles (the portal may run with no internet): the stations
 * binned into cells of longitude and latitude, drawn on a plain equirectangular projection whose width is
 * scaled by the cosine of the middle latitude, so cells keep roughly their true shape. A cell tells its count
 * on hover and on keyboard focus. Memoised: the home re-renders on every change of location, the one away
 * from it included, and redrawing the map then only delays the next screen.
 */
export const DensityMap = memo(function DensityMap({ density }: { density: Density }) {
  const { t } = useTranslation('shell');
  const [shown, setShown] = useState<Density['cells'][number] | null>(null);
  const size = density.cellDegrees;

  const frame = useMemo(() => {
    if (density.cells.length === 0) return null;
    const lons = density.cells.map((cell) => cell.longitude);
    const lats = density.cells.map((cell) => cell.latitude);
    const west = Math.min(...lons) - PADDING_DEGREES;
    const east = Math.max(...lons) + size + PADDING_DEGREES;
    const south = Math.min(...lats) - PADDING_DEGREES;
    const north = Math.max(...lats) + size + PADDING_DEGREES;
    const squeeze = Math.cos((((north + south) / 2) * Math.PI) / 180);
    const scale = WIDTH / ((east - west) * squeeze);
    return {
      west,
      north,
      height: Math.max(120, (north - south) * scale),
      x: (lon: number) => (lon - west) * squeeze * scale,
      y: (lat: number) => (north - lat) * scale,
      cellWidth: size * squeeze * scale,
      cellHeight: size * scale,
      max: Math.max(...density.cells.map((cell) => cell.count)),
      graticule: Array.from(
        { length: Math.floor((east - west) / 5) + 1 },
        (_, i) => Math.ceil(west / 5) * 5 + i * 5,
      ),
      parallels: Array.from(
        { length: Math.floor((north - south) / 5) + 1 },
        (_, i) => Math.ceil(south / 5) * 5 + i * 5,
      ),
    };
  }, [density, size]);

  if (!frame) return <Empty description={t('home.mapEmpty')} />;

  const describe = (cell: Density['cells'][number]) =>
    t('home.mapCell', {
      lon: degrees(cell.longitude),
      lonEnd: degrees(cell.longitude + size),
      lat: degrees(cell.latitude),
      latEnd: degrees(cell.latitude + size),
      count: cell.count,
    });

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('home.mapHint', { size })}</Typography.Text>
      <svg
        role="img"
        aria-label={t('home.mapTitle')}
        viewBox={`0 0 ${WIDTH} ${frame.height}`}
        style={{ width: '100%', maxHeight: 480, background: '#fafafa', borderRadius: 8 }}
      >
        {frame.graticule.map((lon) => (
          <g key={`lon${lon}`}>
            <line x1={frame.x(lon)} x2={frame.x(lon)} y1={0} y2={frame.height} stroke="#f0f0f0" />
            <text x={frame.x(lon) + 3} y={frame.height - 6} fontSize={16} fill="#bfbfbf">
              {lon}°E
            </text>
          </g>
        ))}
        {frame.parallels.map((lat) => (
          <g key={`lat${lat}`}>
            <line x1={0} x2={WIDTH} y1={frame.y(lat)} y2={frame.y(lat)} stroke="#f0f0f0" />
            <text x={3} y={frame.y(lat) - 3} fontSize={16} fill="#bfbfbf">
              {lat}°N
            </text>
          </g>
        ))}
        {density.cells.map((cell) => (
          <rect
            key={`${cell.longitude},${cell.latitude}`}
            data-testid="density-cell"
            tabIndex={0}
            aria-label={describe(cell)}
            x={frame.x(cell.longitude)}
            y={frame.y(cell.latitude + size)}
            width={frame.cellWidth}
            height={frame.cellHeight}
            fill={shadeOf(cell.count, frame.max)}
            stroke={shown === cell ? '#fa8c16' : '#ffffff'}
            strokeWidth={shown === cell ? 2 : 0.5}
            onMouseEnter={() => setShown(cell)}
            onFocus={() => setShown(cell)}
            onMouseLeave={() => setShown(null)}
            onBlur={() => setShown(null)}
          >
            <title>{describe(cell)}</title>
          </rect>
        ))}
      </svg>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text role="status" style={{ minHeight: 22 }}>
          {shown ? describe(shown) : ''}
        </Typography.Text>
        <Flex align="center" gap={4}>
          <Typography.Text type="secondary">{t('home.mapLegendFew')}</Typography.Text>
          {SHADES.map((shade) => (
            <span key={shade} style={{ width: 14, height: 10, background: shade, display: 'inline-block' }} />
          ))}
          <Typography.Text type="secondary">{t('home.mapLegendMany')}</Typography.Text>
        </Flex>
      </Flex>
    </Flex>
  );
});
