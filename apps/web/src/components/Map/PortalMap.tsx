import { useEffect, useRef, type ReactNode } from 'react';
import { divIcon, latLngBounds, type DivIcon, type LeafletMouseEvent } from 'leaflet';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import type { PortalConfig } from '@cmp/domain/platform/portal-config';
import { usePortalConfig } from './portal-config';
import styles from './PortalMap.module.css';

export interface LngLat {
  longitude: number;
  latitude: number;
}

export type MapTiles = Pick<PortalConfig, 'tileUrl' | 'tileAttribution'>;

export interface PortalMapProps {
  /** The view is fitted to these points when the map opens and again whenever `fitKey` changes. */
  fit: readonly LngLat[];
  fitKey?: string;
  height: number | string;
  /** Tiles given by the page; left out, the portal configuration's are used (that needs a staff session). */
  tiles?: MapTiles | null;
  /** A click on the map, rounded to six decimals (about 0.1 m). */
  onMapClick?: (position: LngLat) => void;
  scrollWheelZoom?: boolean;
  className?: string;
  children?: ReactNode;
}

const CHINA = { center: [35, 105] as [number, number], zoom: 4 };
const SINGLE_POINT_ZOOM = 13;
const FIT_PADDING: [number, number] = [32, 32];

export const roundDegrees = (degrees: number): number => Math.round(degrees * 1e6) / 1e6;

function FitView({ fit, fitKey }: { fit: readonly LngLat[]; fitKey: string }) {
  const map = useMap();
  const fitRef = useRef(fit);
  useEffect(() => {
    fitRef.current = fit;
  });
  // Refitting on every render would undo the user's panning; only a new key (a new route) moves the view.
  useEffect(() => {
    const fit = fitRef.current;
    const [first] = fit;
    if (!first) return;
    if (fit.length === 1) {
      map.setView([first.latitude, first.longitude], SINGLE_POINT_ZOOM);
      return;
    }
    map.fitBounds(latLngBounds(fit.map((p): [number, number] => [p.latitude, p.longitude])), {
      padding: FIT_PADDING,
      maxZoom: 16,
    });
  }, [map, fitKey]);
  return null;
}

function ClickHandler({ onMapClick }: { onMapClick: (position: LngLat) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) =>
      onMapClick({ longitude: roundDegrees(event.latlng.lng), latitude: roundDegrees(event.latlng.lat) }),
  });
  return null;
}

/**
 * A Leaflet map with the portal's tiles; markers, lines and layers are its children. Without tiles
 * (none configured, or a page without a session) the children still show, on a plain tinted background.
 */
export function PortalMap({
  fit,
  fitKey = '',
  height,
  tiles,
  onMapClick,
  scrollWheelZoom = true,
  className,
  children,
}: PortalMapProps) {
  const config = usePortalConfig({ enabled: tiles === undefined });
  const { tileUrl = null, tileAttribution = null } = (tiles === undefined ? config.data : tiles) ?? {};
  // Leaflet reads `attributionControl` only when the map is made: made before the configuration arrives,
  // the map would never credit the tiles added later.
  if (tiles === undefined && config.isPending) {
    return <div className={className ? `${styles.map} ${className}` : styles.map} style={{ height }} />;
  }
  return (
    <MapContainer
      {...CHINA}
      className={className ? `${styles.map} ${className}` : styles.map}
      style={{ height }}
      scrollWheelZoom={scrollWheelZoom}
      attributionControl={tileUrl !== null}
    >
      {tileUrl !== null && <TileLayer url={tileUrl} attribution={tileAttribution ?? undefined} />}
      {onMapClick && <ClickHandler onMapClick={onMapClick} />}
      {children}
      {/* Last: effects run in tree order, so the children listen for the fit's zoom before it happens. */}
      <FitView fit={fit} fitKey={fitKey} />
    </MapContainer>
  );
}

export interface PinOptions {
  color: string;
  /** A few characters drawn inside the pin, e.g. a stop number. */
  text?: string;
  size?: number;
}

/** A map pin drawn in CSS whose tip is the point, optionally with a number or letter in it. */
export function pinIcon({ color, text, size = 24 }: PinOptions): DivIcon {
  const inner = text === undefined ? '' : `<span class="${styles.pinText}">${escapeHtml(text)}</span>`;
  return divIcon({
    className: '',
    html: `<div class="${styles.pin}" style="width:${size}px;height:${size}px;background:${color}">${inner}</div>`,
    iconSize: [size, size],
    // The rotated square's sharp corner, which is where the point is.
    iconAnchor: [size / 2, size * 1.2],
    tooltipAnchor: [0, -size],
    popupAnchor: [0, -size],
  });
}

/** A small round marker, for the many points that are not the focus (e.g. candidates). */
export function dotIcon({ color, size = 12 }: Omit<PinOptions, 'text'>): DivIcon {
  return divIcon({
    className: '',
    html: `<div class="${styles.dot}" style="width:${size}px;height:${size}px;background:${color}"></div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    tooltipAnchor: [0, -size / 2],
  });
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
