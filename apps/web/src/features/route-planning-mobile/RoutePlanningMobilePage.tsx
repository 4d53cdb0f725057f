import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PublicRoadBookData } from '@cmp/domain/road-books/road-book';
import type { Waypoint } from '@cmp/domain/road-books/road-book-save';
import type { RoutePlanningResourceItem } from '@cmp/domain/road-books/route-plan';
import { useRootFontScale } from '../../components/hooks/use-root-font-scale';
import { browserLanguage, hasStoredLanguage } from '../../i18n/languages';
import { duration, km } from '../road-books/shared/route-format';
import { navigationLink } from './map-app-link';
import { fetchPublicRoadBook } from './public-road-book';
import styles from './RoutePlanningMobilePage.module.css';

// Leaflet is most of this page's weight; the stops list shows while it loads.
const RouteMap = lazy(() => import('../road-books/shared/RouteMap').then((m) => ({ default: m.RouteMap })));

type TimelineEntry =
  | { kind: 'origin'; name: string }
  | { kind: 'stop'; no: number; stop: RoutePlanningResourceItem }
  | { kind: 'waypoint'; no: number; waypoint: Waypoint }
  | { kind: 'destination'; name: string };

/** Origin, then per leg its stops in driving order and the waypoint that ends it, then the destination. */
function timeline(data: PublicRoadBookData): TimelineEntry[] {
  const info = data.road_book_info;
  const stops = data.route_info.resources;
  const entries: TimelineEntry[] = [{ kind: 'origin', name: info.startAddress ?? '' }];
  let stopNo = 0;
  for (let leg = 0; leg <= info.waypoints.length; leg += 1) {
    for (const stop of stops) if (stop.legIndex === leg) entries.push({ kind: 'stop', no: ++stopNo, stop });
    const waypoint = info.waypoints[leg];
    if (waypoint) entries.push({ kind: 'waypoint', no: leg + 1, waypoint });
  }
  entries.push({ kind: 'destination', name: info.endAddress ?? '' });
  return entries;
}

/**
 * The road book as its end users see it on a phone (H5): opened by a share link, no session. The page is
 * laid out in rem from the 750-wide design (1rem = 100 design px). An unknown or revoked link answers the
 * spec's 'not data'; the reader is told in words that the link is invalid or revoked, not shown that code.
 */
export default function RoutePlanningMobilePage() {
  useRootFontScale();
  const { t, i18n } = useTranslation('roadBooks');
  // Drivers open the link from a chat, not from the portal: unless they chose a language here, their
  // browser's (the staff portal itself starts in Chinese).
  useEffect(() => {
    const preferred = hasStoredLanguage() ? undefined : browserLanguage();
    if (preferred && preferred !== i18n.language) void i18n.changeLanguage(preferred);
  }, [i18n]);
  const { token = '' } = useParams();
  const answer = useQuery({
    queryKey: ['publicRoadBook', token],
    queryFn: ({ signal }) => fetchPublicRoadBook(token, signal),
    retry: false,
    staleTime: 60_000,
  });

  const title =
    answer.data?.result_code === 'success'
      ? (answer.data.data.road_book_info.name ?? t('mobile.title'))
      : t('mobile.title');
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  if (answer.isPending) {
    return (
      <main className={styles.page}>
        <p className={styles.state}>{t('mobile.loading')}</p>
      </main>
    );
  }
  if (answer.isError) {
    return (
      <main className={styles.page}>
        <div className={styles.state} role="alert">
          <p>{t('mobile.loadFailed')}</p>
          <button type="button" className={styles.retry} onClick={() => void answer.refetch()}>
            {t('mobile.retry')}
          </button>
        </div>
      </main>
    );
  }
  if (answer.data.result_code !== 'success') {
    return (
      <main className={styles.page}>
        <div className={styles.state} role="status" data-result-code={answer.data.result_code}>
          <div className={styles.emptyIcon} aria-hidden />
          <p className={styles.stateTitle}>{t('mobile.notDataTitle')}</p>
          <p className={styles.stateMessage}>{t('mobile.notDataMessage')}</p>
        </div>
      </main>
    );
  }

  const data = answer.data.data;
  const info = data.road_book_info;
  const route = data.route_info;
  const entries = timeline(data);
  const stops = route.resources;
  // Steps the range does not cover are drawn red and dashed; say so, or the reader cannot tell why.
  const hasShortLeg = route.route.steps.some((step) => step.status === 1);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.name}>
          {info.name ?? `${info.startAddress ?? ''} → ${info.endAddress ?? ''}`}
        </h1>
        <p className={styles.summary}>
          {t('mobile.summary', { distance: km(route.distance), duration: duration(t, route.duration) })}
          {route.chargingDuration > 0 &&
            ` · ${t('mobile.chargeTime', { duration: duration(t, route.chargingDuration) })}`}
        </p>
      </header>
      <section className={styles.map}>
        <Suspense fallback={<div className={styles.mapPlaceholder} />}>
          <RouteMap
            origin={{ ...info.originPoint, name: info.startAddress ?? t('mobile.from') }}
            destination={{ ...info.destinationPoint, name: info.endAddress ?? t('mobile.to') }}
            waypoints={info.waypoints}
            route={route.route}
            stops={stops}
            fitKey={String(info.roadBookId)}
            height="100%"
          />
        </Suspense>
      </section>
      <ul className={styles.legend} aria-label={t('mobile.legend')}>
        <li>
          <span className={styles.legendRoute} aria-hidden />
          {t('mobile.legendRoute')}
        </li>
        {hasShortLeg && (
          <li>
            <span className={styles.legendShort} aria-hidden />
            {t('mobile.legendShort')}
          </li>
        )}
      </ul>
      <section className={styles.stops} aria-label={t('mobile.stops')}>
        <h2 className={styles.sectionTitle}>
          {t('mobile.stops')} · {stops.length}
        </h2>
        {stops.length === 0 && <p className={styles.noStops}>{t('mobile.noStops')}</p>}
        <ol className={styles.timeline}>
          {entries.map((entry) => {
            switch (entry.kind) {
              case 'origin':
              case 'destination':
                return (
                  <li key={entry.kind} className={`${styles.entry} ${styles[entry.kind]}`}>
                    <span className={styles.marker}>
                      {t(entry.kind === 'origin' ? 'map.originPin' : 'map.destinationPin')}
                    </span>
                    <div className={styles.body}>
                      <span className={styles.label}>
                        {t(entry.kind === 'origin' ? 'mobile.from' : 'mobile.to')}
                      </span>
                      <span className={styles.entryName}>{entry.name}</span>
                      {entry.kind === 'destination' && (
                        <a
                          className={styles.navigate}
                          href={navigationLink({ ...info.destinationPoint, name: entry.name })}
                        >
                          {t('mobile.navigate')}
                        </a>
                      )}
                    </div>
                  </li>
                );
              case 'waypoint':
                return (
                  <li key={`w-${entry.waypoint.id}`} className={`${styles.entry} ${styles.waypoint}`}>
                    <span className={styles.marker}>{entry.no}</span>
                    <div className={styles.body}>
                      <span className={styles.label}>{t('trip.waypointN', { n: entry.no })}</span>
                      <span className={styles.entryName}>{entry.waypoint.name ?? ''}</span>
                    </div>
                  </li>
                );
              case 'stop':
                return (
                  <li key={`s-${entry.stop.id}`} className={`${styles.entry} ${styles.stop}`}>
                    <span className={styles.marker}>{entry.no}</span>
                    <div className={styles.body}>
                      <span className={styles.entryName}>{entry.stop.showName || entry.stop.name}</span>
                      <span className={styles.meta}>
                        {[
                          t(`resourceType.${entry.stop.type}`),
                          t('mobile.fromOrigin', { distance: km(entry.stop.progress) }),
                          t('mobile.chargeTime', {
                            duration: duration(t, entry.stop.estimateChargeDuration),
                          }),
                        ].join(' · ')}
                      </span>
                      {entry.stop.address && <span className={styles.meta}>{entry.stop.address}</span>}
                      {entry.stop.remark && (
                        <span className={styles.remark}>
                          {t('mobile.remark', { remark: entry.stop.remark })}
                        </span>
                      )}
                      <a
                        className={styles.navigate}
                        href={navigationLink({
                          ...entry.stop.location,
                          name: entry.stop.showName || entry.stop.name,
                        })}
                      >
                        {t('mobile.navigate')}
                      </a>
                    </div>
                  </li>
                );
            }
          })}
        </ol>
      </section>
    </main>
  );
}
