import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { App, Alert, Button, Card, Empty, Flex, Input, Result, Skeleton, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RoadBookDetail } from '@cmp/domain/road-books/road-book';
import { ApiError } from '../../../api/client';
import { describeErrorWithFields } from '../../../api/describe-error';
import { useTenantApi } from '../../../api/use-tenant-api';
import { useCanChange } from '../../../app/session/use-can-change';
import { LeaveGuard, searchTableQueryKey, useConfirmDiscard } from '../../../components';
import { usePortalConfig } from '../../../components/Map/portal-config';
import type { LngLat } from '../../../components/Map/PortalMap';
import { reverseGeocode } from '../../stations/detail/station-detail-api';
import {
  createRoadBook,
  getRoadBook,
  getRoadBookRoute,
  planRouteOptions,
  previewRoute,
  updateRoadBook,
} from '../road-books-api';
import { ROAD_BOOK_LIST_KEY, roadBookListPath, useRoadBooksTenant } from '../shared/links';
import { RouteMap } from '../shared/RouteMap';
import { CandidateTable } from './CandidateTable';
import {
  activePlan,
  chosenStops,
  coordinatesText,
  editorReducer,
  initialEditorState,
  planningRequest,
  previewRequest,
  savePayload,
  type Place,
} from './editor-state';
import { PlanPanel } from './PlanPanel';
import { plannerPercent, whenPlannerReady, type PlannerProgress } from './planner-loading';
import styles from './RoadBookEditorPage.module.css';
import { TripPanel, type PickTarget } from './TripPanel';

const MAP_HEIGHT = 460;

/** A new origin or destination brings the map to the trip; panning in between is left alone. */
const pointKey = (place: Place | null): string => (place ? `${place.longitude},${place.latitude}` : '');

const idOf = (raw: string | null): number | null => {
  const id = Number(raw);
  return raw !== null && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The road-book editor (route planning): the trip on the left; the map, the plans by tag and the candidates
 * along the route on the right. A saved road book opens planned through its stops; the save keeps only the
 * waypoints and the chosen stops.
 */
export default function RoadBookEditorPage() {
  const { t, i18n } = useTranslation('roadBooks');
  const { message, modal } = App.useApp();
  const api = useTenantApi();
  const tenant = useRoadBooksTenant();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const roadBookId = idOf(searchParams.get('roadBookId'));
  const [state, dispatch] = useReducer(editorReducer, undefined, initialEditorState);
  const [picking, setPicking] = useState<PickTarget | null>(null);
  const [fitKey, setFitKey] = useState('start');
  const tiles = usePortalConfig();
  const canChange = useCanChange();
  // A viewer opening a saved road book reads it; without one, a viewer may still plan routes, not save them.
  const viewing = !canChange && roadBookId !== null;
  const describe = useCallback((error: unknown) => describeErrorWithFields(i18n, error), [i18n]);

  const detail = useQuery({
    queryKey: ['roadBooks', tenant, 'detail', roadBookId],
    queryFn: ({ signal }) => getRoadBook(api, roadBookId ?? 0, signal),
    enabled: roadBookId !== null,
    // The editor holds its own copy; a refetch must not overwrite what the user is changing.
    staleTime: Infinity,
    gcTime: 0,
  });

  // While the server's planner loads its stations, plans are asked again until it answers; leaving stops it.
  const [plannerLoading, setPlannerLoading] = useState<PlannerProgress | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const left = useCallback(() => !mounted.current, []);
  const plan = useMutation({
    mutationFn: (request: Parameters<typeof planRouteOptions>[1]) =>
      whenPlannerReady(() => planRouteOptions(api, request), setPlannerLoading, left),
  });
  const preview = useMutation({
    mutationFn: (request: Parameters<typeof previewRoute>[1]) =>
      whenPlannerReady(() => previewRoute(api, request), setPlannerLoading, left),
  });
  const planningText = plannerLoading
    ? t('trip.loadingStations', { percent: plannerPercent(plannerLoading) })
    : t('trip.planning');

  // The saved route names the plan tab the road book was saved from (none once its route was deleted).
  const savedRoute = useQuery({
    queryKey: ['roadBooks', tenant, 'route', roadBookId],
    queryFn: ({ signal }) => getRoadBookRoute(api, roadBookId ?? 0, signal),
    enabled: roadBookId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });

  // A saved road book opens with its trip planned at once, as it was before saving: the tabs are planned
  // afresh, and the one it was saved from then shows the route through its saved stops. Pinning the stops in
  // every plan instead made the plans alike, so their tabs merged differently from before the save.
  const loadedId = useRef<number | null>(null);
  const { mutate: mutatePlan } = plan;
  const { mutate: mutatePreview } = preview;
  useEffect(() => {
    const loaded = detail.data;
    if (!loaded || !savedRoute.isFetched || loadedId.current === loaded.roadBookId) return;
    loadedId.current = loaded.roadBookId;
    const action = { type: 'loaded', detail: loaded } as const;
    dispatch(action);
    const trip = editorReducer(initialEditorState(), action);
    const request = planningRequest(trip);
    const throughSaved = planningRequest(trip, loaded.waypointResourceSeq);
    if (!request || !throughSaved) return;
    const tag = savedRoute.data?.planTag ?? 'recommended';
    mutatePlan(request, {
      onSuccess: (answer) => {
        dispatch({ type: 'planned', answer, change: false });
        setFitKey(`loaded-${loaded.roadBookId}`);
        mutatePreview(throughSaved, {
          onSuccess: (drawn) => dispatch({ type: 'previewed', answer: drawn, tag }),
        });
      },
    });
  }, [detail.data, savedRoute.isFetched, savedRoute.data, mutatePlan, mutatePreview]);

  const confirmDiscard = useConfirmDiscard(modal);

  const runPlan = () => {
    const request = planningRequest(state);
    if (!request) {
      void message.warning(t('editor.needPoints'));
      return;
    }
    mutatePlan(request, {
      onSuccess: (answer) => {
        dispatch({ type: 'planned', answer, change: true });
        setFitKey(`plan-${Date.now()}`);
      },
      onError: (error) => void message.error(describe(error)),
    });
  };

  const updateRoute = () => {
    const request = previewRequest(state);
    if (!request) return;
    preview.mutate(request, {
      onSuccess: (answer) => dispatch({ type: 'previewed', answer }),
      onError: (error) => void message.error(describe(error)),
    });
  };

  const save = useMutation({
    mutationFn: () => {
      const body = savePayload(state);
      if (!body) throw new Error(t('editor.needPoints'));
      return state.roadBookId === null
        ? createRoadBook(api, body)
        : updateRoadBook(api, state.roadBookId, body);
    },
    onSuccess: (saved: RoadBookDetail) => {
      const created = state.roadBookId === null;
      dispatch({ type: 'saved', detail: saved });
      void queryClient.invalidateQueries({ queryKey: searchTableQueryKey(tenant, ROAD_BOOK_LIST_KEY) });
      void message.success(created ? t('editor.created') : t('editor.saved'));
      if (created) {
        // The loaded road book is already on screen; the URL only names it for a reload or a link.
        loadedId.current = saved.roadBookId;
        void navigate(`?roadBookId=${saved.roadBookId}`, { replace: true });
      }
    },
    onError: (error) => void message.error(describe(error)),
  });

  const pickAt = (position: LngLat) => {
    const target = picking;
    if (!target) return;
    setPicking(null);
    const fallback = coordinatesText(position);
    const place = (name: string): Place => ({ ...position, name });
    const apply = (chosen: Place) =>
      target === 'waypoint'
        ? dispatch({ type: 'addWaypoint', place: chosen })
        : dispatch({ type: 'trip', change: { [target]: chosen } });
    reverseGeocode(api, position.longitude, position.latitude).then(
      (found) => apply(place(t('trip.pickedRegion', { region: found.region, coordinates: fallback }))),
      () => apply(place(fallback)),
    );
  };

  const choose = useCallback(
    (id: string, selected: boolean) => dispatch({ type: 'select', id, selected }),
    [],
  );
  const remark = useCallback(
    (id: string, text: string) => dispatch({ type: 'remark', id, remark: text }),
    [],
  );

  if (roadBookId !== null && detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('editor.notFound') : t('editor.loadFailed')}
        subTitle={notFound ? undefined : describe(detail.error)}
        extra={<Button onClick={() => void navigate(roadBookListPath(tenant))}>{t('editor.back')}</Button>}
      />
    );
  }
  if (roadBookId !== null && state.roadBookId === null && !save.isPending) {
    return <Skeleton active paragraph={{ rows: 12 }} />;
  }

  const shown = activePlan(state);
  const stops = chosenStops(shown);
  const others = shown?.routePlanningResourceList.list.filter((item) => !item.selected) ?? [];
  const title = canChange
    ? t(state.roadBookId === null ? 'editor.titleNew' : 'editor.titleEdit')
    : t(viewing ? 'editor.titleView' : 'editor.titlePlan');
  const pickTargetLabel = picking
    ? picking === 'waypoint'
      ? t('trip.waypoints')
      : t(`trip.${picking}`)
    : '';

  return (
    <Flex vertical gap={16}>
      {/* Leaving with unsaved changes asks first, in the portal and when closing or reloading the tab. */}
      {state.dirty && canChange && <LeaveGuard confirm={confirmDiscard} />}
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex align="center" gap={12} className={styles.titleRow}>
          <Typography.Title level={4} className={styles.title}>
            {title}
          </Typography.Title>
          {canChange ? (
            <Input
              aria-label={t('field.name')}
              className={styles.nameInput}
              placeholder={t('editor.namePlaceholder')}
              maxLength={64}
              value={state.trip.name}
              onChange={(event) => dispatch({ type: 'trip', change: { name: event.target.value } })}
            />
          ) : (
            viewing && (
              <Typography.Text strong className={styles.nameText} ellipsis={{ tooltip: state.trip.name }}>
                {state.trip.name}
              </Typography.Text>
            )
          )}
        </Flex>
        <Flex gap={8}>
          <Button onClick={() => void navigate(roadBookListPath(tenant))}>{t('editor.back')}</Button>
          {canChange && (
            <Button
              type="primary"
              loading={save.isPending}
              disabled={!state.trip.origin || !state.trip.destination}
              onClick={() => save.mutate()}
            >
              {t('editor.save')}
            </Button>
          )}
        </Flex>
      </Flex>

      <div className={styles.layout}>
        <Card size="small" title={t('trip.title')} className={styles.tripCard}>
          <TripPanel
            trip={state.trip}
            dispatch={dispatch}
            picking={picking}
            onPick={setPicking}
            onPlan={runPlan}
            planning={plan.isPending}
            readOnly={viewing}
          />
        </Card>

        <Flex vertical gap={16} className={styles.main}>
          <Card size="small" styles={{ body: { padding: 8 } }}>
            {picking && (
              <Alert
                className={styles.pickHint}
                type="info"
                showIcon
                title={t('trip.picking', { target: pickTargetLabel })}
                action={
                  <Button size="small" onClick={() => setPicking(null)}>
                    {t('trip.pickCancel')}
                  </Button>
                }
              />
            )}
            <Spin spinning={plan.isPending || preview.isPending} description={planningText}>
              <RouteMap
                origin={state.trip.origin}
                destination={state.trip.destination}
                waypoints={state.trip.waypoints}
                route={shown?.route}
                stops={stops}
                candidates={others}
                onChoose={viewing ? undefined : choose}
                onMapClick={picking ? pickAt : undefined}
                fitKey={`${fitKey}-${state.active}-${pointKey(state.trip.origin)}-${pointKey(state.trip.destination)}`}
                height={MAP_HEIGHT}
              />
            </Spin>
            {tiles.isSuccess && tiles.data.tileUrl === null && (
              <Typography.Text type="secondary" className={styles.noTiles}>
                {t('map.noTiles')}
              </Typography.Text>
            )}
          </Card>

          <Card size="small">
            {plan.isError && !shown && <Alert type="error" showIcon title={describe(plan.error)} />}
            {shown ? (
              <PlanPanel
                plans={state.plans}
                active={state.active}
                adjusted={state.adjusted[state.active] === true}
                onTag={(tag) => dispatch({ type: 'tag', tag })}
                onUpdateRoute={updateRoute}
                updating={preview.isPending}
              />
            ) : (
              !plan.isError && (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={plan.isPending ? planningText : t('plan.empty')}
                />
              )
            )}
          </Card>

          {shown && (
            <Card size="small">
              <CandidateTable
                items={shown.routePlanningResourceList.list}
                onChoose={choose}
                onRemark={remark}
                readOnly={viewing}
              />
            </Card>
          )}
        </Flex>
      </div>
    </Flex>
  );
}
