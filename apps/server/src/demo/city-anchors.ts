/**
 * Where the demo stations stand: real Chinese cities by GB/T 2260 code with their centre (GCJ-02, as the
 * maps in China use), the radius the city's stations spread over and a weight for how many of the network's
 * stations it gets (roughly the public charger counts of the China Charging Alliance, big cities first).
 */
export interface CityAnchor {
  cityId: string;
  name: string;
  longitude: number;
  latitude: number;
  radiusKm: number;
  weight: number;
}

export const CITY_ANCHORS: readonly CityAnchor[] = [
  { cityId: '110100', name: '北京', longitude: 116.4074, latitude: 39.9042, radiusKm: 25, weight: 10 },
  { cityId: '120100', name: '天津', longitude: 117.2008, latitude: 39.0842, radiusKm: 20, weight: 4 },
  { cityId: '310100', name: '上海', longitude: 121.4737, latitude: 31.2304, radiusKm: 25, weight: 10 },
  { cityId: '500100', name: '重庆', longitude: 106.5516, latitude: 29.563, radiusKm: 20, weight: 5 },
  { cityId: '130100', name: '石家庄', longitude: 114.5149, latitude: 38.0428, radiusKm: 15, weight: 2 },
  { cityId: '140100', name: '太原', longitude: 112.5489, latitude: 37.8706, radiusKm: 12, weight: 1.5 },
  { cityId: '150100', name: '呼和浩特', longitude: 111.7492, latitude: 40.8426, radiusKm: 10, weight: 0.8 },
  { cityId: '210100', name: '沈阳', longitude: 123.4315, latitude: 41.8057, radiusKm: 15, weight: 2 },
  { cityId: '210200', name: '大连', longitude: 121.6147, latitude: 38.914, radiusKm: 15, weight: 1.5 },
  { cityId: '220100', name: '长春', longitude: 125.3235, latitude: 43.8171, radiusKm: 12, weight: 1.2 },
  { cityId: '230100', name: '哈尔滨', longitude: 126.5349, latitude: 45.8038, radiusKm: 15, weight: 1.2 },
  { cityId: '320100', name: '南京', longitude: 118.7969, latitude: 32.0603, radiusKm: 18, weight: 4 },
  { cityId: '320200', name: '无锡', longitude: 120.3119, latitude: 31.4912, radiusKm: 15, weight: 2 },
  { cityId: '320500', name: '苏州', longitude: 120.5853, latitude: 31.299, radiusKm: 20, weight: 4 },
  { cityId: '330100', name: '杭州', longitude: 120.1551, latitude: 30.2741, radiusKm: 20, weight: 6 },
  { cityId: '330200', name: '宁波', longitude: 121.5503, latitude: 29.8746, radiusKm: 15, weight: 2.5 },
  { cityId: '330300', name: '温州', longitude: 120.6994, latitude: 27.9943, radiusKm: 12, weight: 1.5 },
  { cityId: '340100', name: '合肥', longitude: 117.2272, latitude: 31.8206, radiusKm: 15, weight: 3 },
  { cityId: '350100', name: '福州', longitude: 119.2965, latitude: 26.0745, radiusKm: 12, weight: 2 },
  { cityId: '350200', name: '厦门', longitude: 118.0894, latitude: 24.4798, radiusKm: 10, weight: 2 },
  { cityId: '360100', name: '南昌', longitude: 115.8581, latitude: 28.6829, radiusKm: 12, weight: 1.5 },
  { cityId: '370100', name: '济南', longitude: 117.1201, latitude: 36.6512, radiusKm: 15, weight: 2 },
  { cityId: '370200', name: '青岛', longitude: 120.3826, latitude: 36.0671, radiusKm: 15, weight: 2.5 },
  { cityId: '410100', name: '郑州', longitude: 113.6254, latitude: 34.7466, radiusKm: 18, weight: 4 },
  { cityId: '420100', name: '武汉', longitude: 114.3054, latitude: 30.5931, radiusKm: 20, weight: 5 },
  { cityId: '430100', name: '长沙', longitude: 112.9388, latitude: 28.2282, radiusKm: 15, weight: 3.5 },
  { cityId: '440100', name: '广州', longitude: 113.2644, latitude: 23.1291, radiusKm: 25, weight: 8 },
  { cityId: '440300', name: '深圳', longitude: 114.0579, latitude: 22.5431, radiusKm: 20, weight: 9 },
  { cityId: '440600', name: '佛山', longitude: 113.1214, latitude: 23.0215, radiusKm: 15, weight: 3 },
  { cityId: '441900', name: '东莞', longitude: 113.7518, latitude: 23.0207, radiusKm: 15, weight: 3 },
  { cityId: '450100', name: '南宁', longitude: 108.3665, latitude: 22.817, radiusKm: 12, weight: 1.2 },
  { cityId: '460100', name: '海口', longitude: 110.1999, latitude: 20.044, radiusKm: 10, weight: 1.2 },
  { cityId: '510100', name: '成都', longitude: 104.0665, latitude: 30.5723, radiusKm: 22, weight: 6 },
  { cityId: '520100', name: '贵阳', longitude: 106.6302, latitude: 26.6477, radiusKm: 12, weight: 1.2 },
  { cityId: '530100', name: '昆明', longitude: 102.8329, latitude: 24.8801, radiusKm: 15, weight: 1.5 },
  { cityId: '540100', name: '拉萨', longitude: 91.1409, latitude: 29.6456, radiusKm: 6, weight: 0.2 },
  { cityId: '610100', name: '西安', longitude: 108.9398, latitude: 34.3416, radiusKm: 18, weight: 4 },
  { cityId: '620100', name: '兰州', longitude: 103.8343, latitude: 36.0611, radiusKm: 10, weight: 0.6 },
  { cityId: '630100', name: '西宁', longitude: 101.7782, latitude: 36.6171, radiusKm: 8, weight: 0.3 },
  { cityId: '640100', name: '银川', longitude: 106.2309, latitude: 38.4872, radiusKm: 10, weight: 0.4 },
  { cityId: '650100', name: '乌鲁木齐', longitude: 87.6168, latitude: 43.8256, radiusKm: 12, weight: 0.6 },
];

/** An expressway between two anchor cities; highway service-area stations stand along it. */
export interface HighwayCorridor {
  from: string;
  to: string;
  highway: string;
}

export const HIGHWAY_CORRIDORS: readonly HighwayCorridor[] = [
  { from: '110100', to: '120100', highway: 'G2京沪高速' },
  { from: '120100', to: '370100', highway: 'G2京沪高速' },
  { from: '320200', to: '320500', highway: 'G2京沪高速' },
  { from: '320500', to: '310100', highway: 'G2京沪高速' },
  { from: '110100', to: '130100', highway: 'G4京港澳高速' },
  { from: '130100', to: '410100', highway: 'G4京港澳高速' },
  { from: '410100', to: '420100', highway: 'G4京港澳高速' },
  { from: '420100', to: '430100', highway: 'G4京港澳高速' },
  { from: '430100', to: '440100', highway: 'G4京港澳高速' },
  { from: '440100', to: '440300', highway: 'G4京港澳高速' },
  { from: '310100', to: '320100', highway: 'G42沪蓉高速' },
  { from: '340100', to: '420100', highway: 'G42沪蓉高速' },
  { from: '320100', to: '340100', highway: 'G40沪陕高速' },
  { from: '310100', to: '330100', highway: 'G60沪昆高速' },
  { from: '330100', to: '360100', highway: 'G60沪昆高速' },
  { from: '360100', to: '430100', highway: 'G60沪昆高速' },
  { from: '520100', to: '530100', highway: 'G60沪昆高速' },
  { from: '330100', to: '330200', highway: 'G92杭州湾环线高速' },
  { from: '410100', to: '610100', highway: 'G30连霍高速' },
  { from: '610100', to: '620100', highway: 'G30连霍高速' },
  { from: '610100', to: '510100', highway: 'G5京昆高速' },
  { from: '510100', to: '500100', highway: 'G93成渝环线高速' },
  { from: '370100', to: '370200', highway: 'G20青银高速' },
  { from: '130100', to: '140100', highway: 'G20青银高速' },
  { from: '210100', to: '210200', highway: 'G15沈海高速' },
  { from: '350100', to: '350200', highway: 'G15沈海高速' },
  { from: '350200', to: '440300', highway: 'G15沈海高速' },
  { from: '210100', to: '220100', highway: 'G1京哈高速' },
  { from: '220100', to: '230100', highway: 'G1京哈高速' },
  { from: '440100', to: '450100', highway: 'G80广昆高速' },
];

/**
 * Long trips the demo network carries end to end, with service areas all along the great circle between
 * the two city centres: the line the planner's default routing (`EstimatedRoutingProvider`) drives, so
 * these trips plan without a leg out of range. The real expressways of the same name bend away from it
 * by up to a hundred kilometres; the stations' districts follow their coordinates, not the road.
 */
export const TRUNK_ROUTES: readonly HighwayCorridor[] = [
  { from: '110100', to: '440100', highway: 'G4京港澳高速' },
  { from: '310100', to: '510100', highway: 'G42沪蓉高速' },
  { from: '110100', to: '310100', highway: 'G2京沪高速' },
  { from: '440100', to: '510100', highway: 'G76厦蓉高速' },
  { from: '610100', to: '420100', highway: 'G70福银高速' },
  { from: '110100', to: '610100', highway: 'G5京昆高速' },
];

const KM_PER_DEGREE = 111.32;

/** Great-circle distance in km, near enough (equirectangular) for placing demo stations. */
export function distanceKm(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  const meanLatitude = (((a.latitude + b.latitude) / 2) * Math.PI) / 180;
  return Math.hypot(
    (b.latitude - a.latitude) * KM_PER_DEGREE,
    (b.longitude - a.longitude) * KM_PER_DEGREE * Math.cos(meanLatitude),
  );
}

/** A point `distanceKm` from a centre in direction `bearing` (radians), near enough for city distances. */
export function offsetPoint(
  longitude: number,
  latitude: number,
  distanceKm: number,
  bearing: number,
): { longitude: number; latitude: number } {
  const dLat = (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE;
  const dLng = (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180));
  return { longitude: round6(longitude + dLng), latitude: round6(latitude + dLat) };
}

/** The point `fraction` of the way from `a` to `b` along the great circle (spherical interpolation). */
export function greatCirclePoint(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
  fraction: number,
): { longitude: number; latitude: number } {
  const toVector = (p: { longitude: number; latitude: number }) => {
    const lng = (p.longitude * Math.PI) / 180;
    const lat = (p.latitude * Math.PI) / 180;
    return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)] as const;
  };
  const [va, vb] = [toVector(a), toVector(b)];
  const angle = Math.acos(Math.min(1, va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2]));
  if (angle === 0) return { longitude: a.longitude, latitude: a.latitude };
  const wa = Math.sin((1 - fraction) * angle) / Math.sin(angle);
  const wb = Math.sin(fraction * angle) / Math.sin(angle);
  const [x, y, z] = [0, 1, 2].map((i) => wa * va[i]! + wb * vb[i]!) as [number, number, number];
  return {
    longitude: (Math.atan2(y, x) * 180) / Math.PI,
    latitude: (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI,
  };
}

/** The initial great-circle bearing from `a` to `b`, in whole degrees clockwise from north (0–359). */
export function bearingDegrees(
  a: { longitude: number; latitude: number },
  b: { longitude: number; latitude: number },
): number {
  const toRad = Math.PI / 180;
  const dLng = (b.longitude - a.longitude) * toRad;
  const [latA, latB] = [a.latitude * toRad, b.latitude * toRad];
  const y = Math.sin(dLng) * Math.cos(latB);
  const x = Math.cos(latA) * Math.sin(latB) - Math.sin(latA) * Math.cos(latB) * Math.cos(dLng);
  return (Math.round((Math.atan2(y, x) / toRad) % 360) + 360) % 360;
}

/** Six decimals, about 0.1 m: what a map pin carries. */
export const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
