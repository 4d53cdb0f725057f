import { describe, expect, it } from 'vitest';
import { HANGZHOU, plan, planList, resourceItem, roadBookDetail, SHANGHAI } from '../test-road-books';
import {
  activePlan,
  chosenStops,
  editorReducer,
  initialEditorState,
  planningRequest,
  previewRequest,
  savePayload,
  type EditorAction,
  type EditorState,
} from './editor-state';

const run = (...actions: EditorAction[]): EditorState => actions.reduce(editorReducer, initialEditorState());

const withPoints: EditorAction = {
  type: 'trip',
  change: { origin: { ...SHANGHAI, name: 'People Square' }, destination: { ...HANGZHOU, name: 'West Lake' } },
};

const twoPlans = planList([
  plan(['default', 'least_distance'], [resourceItem('CS-1', { selected: true }), resourceItem('CS-2')]),
  plan(
    ['recommended', 'least_time', 'reachable'],
    [
      resourceItem('CS-1'),
      resourceItem('CS-2', { selected: true }),
      resourceItem('PS-3_clone', { type: 'PowerSwap' }),
    ],
  ),
]);

describe('editor state', () => {
  it('should start a new road book at 200 of 200 km with every energy type and no plan', () => {
    const sut = initialEditorState();
    expect(sut.trip).toMatchObject({
      currentRange: 200,
      maxRange: 200,
      tactics: 0,
      planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
    });
    expect(savePayload(sut)).toBeNull();
    expect(planningRequest(sut)).toBeNull();
  });

  it('should show the recommended plan first and switch plans by any of their tags', () => {
    const planned = run(withPoints, { type: 'planned', answer: twoPlans, change: true });
    expect(planned.active).toBe(1);
    expect(planned.activeTag).toBe('recommended');

    const shortest = editorReducer(planned, { type: 'tag', tag: 'least_distance' });
    expect(shortest.active).toBe(0);
    expect(shortest.activeTag).toBe('least_distance');
    expect(chosenStops(activePlan(shortest)).map((s) => s.id)).toEqual(['CS-1']);

    const fastest = editorReducer(shortest, { type: 'tag', tag: 'least_time' });
    expect(fastest.active).toBe(1);
    expect(editorReducer(fastest, { type: 'tag', tag: 'alternative' })).toBe(fastest);
  });

  it('should choose and drop candidates in the plan shown only, and mark its route out of date', () => {
    const planned = run(withPoints, { type: 'planned', answer: twoPlans, change: false });
    const sut = [
      { type: 'select', id: 'PS-3_clone', selected: true },
      { type: 'select', id: 'CS-2', selected: false },
      { type: 'remark', id: 'PS-3_clone', remark: 'swap here' },
    ].reduce((state, action) => editorReducer(state, action as EditorAction), planned);

    expect(chosenStops(activePlan(sut)).map((s) => [s.id, s.remark])).toEqual([['PS-3_clone', 'swap here']]);
    expect(chosenStops(sut.plans[0]).map((s) => s.id)).toEqual(['CS-1']);
    expect(sut.adjusted).toEqual([false, true]);
    expect(sut.dirty).toBe(true);
  });

  it('should save the waypoints and only the chosen stops, the clone under its station id', () => {
    const sut = run(
      withPoints,
      { type: 'addWaypoint', place: { longitude: 120.7, latitude: 30.75, name: 'Jiaxing' } },
      { type: 'trip', change: { name: '  Weekend  ', currentRange: 120, tactics: 4 } },
      { type: 'planned', answer: twoPlans, change: true },
      { type: 'select', id: 'PS-3_clone', selected: true },
      { type: 'remark', id: 'PS-3_clone', remark: 'swap here' },
    );

    const payload = savePayload(sut);
    expect(payload).toMatchObject({
      name: 'Weekend',
      originPoint: SHANGHAI,
      destinationPoint: HANGZHOU,
      startAddress: 'People Square',
      endAddress: 'West Lake',
      currentRange: 120,
      maxRange: 200,
      tactics: 4,
      planTag: 'recommended',
      planningResourceTypes: ['CS_DC', 'CS_AC', 'PS'],
    });
    expect(payload?.waypoints).toEqual([
      { id: sut.trip.waypoints[0]?.id, longitude: 120.7, latitude: 30.75, name: 'Jiaxing' },
    ]);
    expect(payload?.waypointResourceSeq).toEqual([
      {
        resourceId: 'CS-2',
        swapUseClone: false,
        type: 'ChargeStation',
        legIndex: 0,
        latitude: 30.8,
        longitude: 120.9,
        name: 'Station CS-2',
      },
      {
        resourceId: 'PS-3',
        swapUseClone: true,
        type: 'PowerSwap',
        legIndex: 0,
        latitude: 30.8,
        longitude: 120.9,
        name: 'Station PS-3_clone',
        remark: 'swap here',
      },
    ]);
    expect(payload).not.toHaveProperty('resources');
  });

  it('should plan a saved road book through its stops and keep them when saved before any plan', () => {
    const detail = roadBookDetail();
    const sut = run({ type: 'loaded', detail });
    expect(sut.dirty).toBe(false);
    expect(planningRequest(sut, detail.waypointResourceSeq)).toMatchObject({
      originPoint: SHANGHAI,
      destinationPoint: HANGZHOU,
      tactics: 4,
      currentRange: 150,
      maxRange: 400,
      planningResourceTypes: ['CS_DC', 'PS'],
      waypoints: detail.waypoints,
      waypointResourceSeq: detail.waypointResourceSeq,
    });
    expect(savePayload(sut)?.waypointResourceSeq).toEqual(detail.waypointResourceSeq);
  });

  it('should preview the plan shown through its chosen stops and keep its tags', () => {
    const planned = run(
      withPoints,
      { type: 'planned', answer: twoPlans, change: true },
      { type: 'select', id: 'CS-1', selected: true },
    );
    expect(previewRequest(planned)?.waypointResourceSeq?.map((s) => s.resourceId)).toEqual(['CS-1', 'CS-2']);

    const drawn = planList([
      plan(
        ['default'],
        [resourceItem('CS-1', { selected: true }), resourceItem('CS-2', { selected: true })],
        {
          route: { ...twoPlans.plans[1]!.route, distance: 180_000 },
        },
      ),
    ]);
    const sut = editorReducer(planned, { type: 'previewed', answer: drawn });
    expect(activePlan(sut)?.tags).toEqual(['recommended', 'least_time', 'reachable']);
    expect(activePlan(sut)?.route.distance).toBe(180_000);
    expect(sut.adjusted[1]).toBe(false);
  });

  it('should keep the power features and the arrival reserve with the road book: changing one is a change to save', () => {
    const loaded = run({
      type: 'loaded',
      detail: roadBookDetail({ powerFeatures: ['only_nio'], arrivalReserve: 35 }),
    });
    expect(planningRequest(loaded)).toMatchObject({ powerFeatures: ['only_nio'], arrivalReserve: 35 });
    const sut = editorReducer(loaded, {
      type: 'trip',
      change: { powerFeatures: ['only_service_area_power', 'only_onvo'], arrivalReserve: null },
    });
    expect(sut.dirty).toBe(true);
    expect(planningRequest(sut)?.powerFeatures).toEqual(['only_service_area_power', 'only_onvo']);
    expect(planningRequest(sut)).not.toHaveProperty('arrivalReserve');
    expect(savePayload(sut)?.powerFeatures).toEqual(['only_service_area_power', 'only_onvo']);
    expect(savePayload(sut)).not.toHaveProperty('arrivalReserve');
    expect(savePayload(loaded)).toMatchObject({ powerFeatures: ['only_nio'], arrivalReserve: 35 });
  });

  it('should reorder and remove waypoints', () => {
    const sut = run(
      { type: 'addWaypoint', place: { longitude: 1, latitude: 1, name: 'A' } },
      { type: 'addWaypoint', place: { longitude: 2, latitude: 2, name: 'B' } },
      { type: 'addWaypoint', place: { longitude: 3, latitude: 3, name: 'C' } },
      { type: 'moveWaypoint', from: 2, to: 0 },
    );
    expect(sut.trip.waypoints.map((w) => w.name)).toEqual(['C', 'A', 'B']);
    expect(
      editorReducer(sut, { type: 'removeWaypoint', index: 1 }).trip.waypoints.map((w) => w.name),
    ).toEqual(['C', 'B']);
    expect(editorReducer(sut, { type: 'moveWaypoint', from: 0, to: 5 })).toBe(sut);
  });
});
