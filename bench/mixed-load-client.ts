/**
 * The load generator of bench/mixed-load.ts, run as its child process so that its CPU is not on the
 * server's event loop. It signs in one operator per session, runs every session as a closed loop of
 * office work (no think time) for the warm-up and then the measured window, and reports each request
 * it started in the window, and what the saves changed, to its parent over IPC.
 */
import http from 'node:http';
import { roadBookStops } from '@cmp/domain/road-books/road-book-save';

/** What the parent hands over: where the server is, who signs in, and the data the flows pick from. */
export interface LoadPlan {
  base: string;
  sessions: number;
  warmupSeconds: number;
  seconds: number;
  password: string;
  userNames: string[];
  /** The flows the sessions pick from, by their weights. */
  flows: FlowName[];
  catalog: Catalog;
  seed: number;
}

export interface Catalog {
  chargeStationIds: string[];
  swapStationIds: string[];
  /** Charge stations whose basic info the sessions edit; few enough that two editors sometimes collide. */
  editedStationIds: string[];
  operatorIds: string[];
  operatorNameParts: string[];
  cityIds: string[];
  cityNames: string[];
  stationNameParts: string[];
}

/** Every request type the flows send, named after what it is for. */
const REQUEST_TYPES = [
  'operations list',
  'station basic-info',
  'station infos',
  'open worksheets of station',
  'basic-info save',
  'route options',
  'road-book save',
  'worksheet create',
  'worksheet close',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

// bench/mixed-load.ts counts the worksheets with this title.
const WORKSHEET_TITLE = 'bench: charger check';

/** Outcome of a request: as expected, a 409 version conflict (expected under concurrency), or an error. */
export type Outcome = 'ok' | 'conflict' | 'error';

export interface Sample {
  type: RequestType;
  ms: number;
  outcome: Outcome;
}

/** Successful saves over the whole run (warm-up too), to compare with what the database holds at the end. */
export interface Effects {
  basicInfoSaves: Record<string, number>;
  worksheetsCreated: Record<string, number>;
  worksheetsClosed: Record<string, number>;
  roadBooksSaved: number;
  /** Requests with no clear answer (network error, timeout): their effect may or may not have happened. */
  unanswered: number;
}

export type ClientMessage =
  | { kind: 'measuring' }
  | {
      kind: 'done';
      /** In the order to report them. */
      requestTypes: readonly RequestType[];
      samples: Sample[];
      effects: Effects;
      errorExamples: string[];
      windowMs: number;
      /** This process's CPU time from the window's start until its last request was answered. */
      cpuMs: number;
    };

const REQUEST_TIMEOUT_MS = 120_000;

/** Deterministic per session, so two runs send the same mix. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

const TRIPS = [
  [116.4074, 39.9042, 117.2008, 39.0842], // Beijing → Tianjin
  [121.4737, 31.2304, 120.1551, 30.2741], // Shanghai → Hangzhou
  [121.4737, 31.2304, 118.7969, 32.0603], // Shanghai → Nanjing
  [113.2644, 23.1291, 114.0579, 22.5431], // Guangzhou → Shenzhen
  [114.3054, 30.5931, 112.9388, 28.2282], // Wuhan → Changsha
  [116.4074, 39.9042, 121.4737, 31.2304], // Beijing → Shanghai
  [104.0665, 30.5723, 106.5516, 29.563], // Chengdu → Chongqing
  [120.1551, 30.2741, 121.5503, 29.8746], // Hangzhou → Ningbo
] as const;

class Session {
  private cookie = '';
  private readonly agent: http.Agent;
  /** Worksheets this session opened and has not closed yet, oldest first. */
  private readonly openWorksheets: { worksheetId: number; resourceId: string }[] = [];

  constructor(
    private readonly run: Run,
    private readonly userName: string,
    readonly random: () => number,
  ) {
    // A browser keeps up to six connections per origin.
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  async signIn(): Promise<void> {
    const answer = await this.send('POST', '/api/auth/sign-in', {
      userName: this.userName,
      password: this.run.plan.password,
    });
    const cookie = answer.setCookie.find((c) => c.startsWith('cmp_session='));
    if (answer.status !== 200 || !cookie) {
      throw new Error(`sign-in of ${this.userName} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    this.cookie = cookie.split(';')[0]!;
  }

  close(): void {
    this.agent.destroy();
  }

  /** One request of the given type, timed and classified; its JSON when it answered as expected. */
  async call<T>(
    type: RequestType,
    method: string,
    path: string,
    expected: number,
    body?: unknown,
  ): Promise<T | null> {
    const startedAt = performance.now();
    let status = 0;
    let text = '';
    try {
      const answer = await this.send(method, `/api/nio${path}`, body);
      status = answer.status;
      text = answer.body;
    } catch (error) {
      text = (error as Error).message;
      this.run.effects.unanswered++;
    }
    const outcome: Outcome =
      status === expected ? 'ok' : status === 409 && type === 'basic-info save' ? 'conflict' : 'error';
    this.run.record(type, startedAt, performance.now() - startedAt, outcome);
    if (outcome === 'error')
      this.run.noteError(`${type}: ${method} ${path} → ${status} ${text.slice(0, 160)}`);
    return outcome === 'ok' ? (JSON.parse(text) as T) : null;
  }

  private send(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: string; setCookie: string[] }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    // The server refuses state-changing requests that do not come from its own origin, as a browser's do.
    if (method !== 'GET') headers.origin = this.run.plan.base;
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.run.plan.base}${path}`,
        { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookie: response.headers['set-cookie'] ?? [],
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  rememberWorksheet(worksheetId: number, resourceId: string): void {
    this.openWorksheets.push({ worksheetId, resourceId });
  }

  /** The oldest worksheet to close, while more than `keep` are open. */
  takeOldestWorksheet(keep: number): { worksheetId: number; resourceId: string } | undefined {
    return this.openWorksheets.length > keep ? this.openWorksheets.shift() : undefined;
  }
}

type Flow = (session: Session, catalog: Catalog, effects: Effects) => Promise<void>;

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** The operations list as staff filter and sort it: the screen's usual filters, first pages mostly. */
const operationsList: Flow = async (session, catalog) => {
  const page = session.random() < 0.8 ? 1 : 2 + Math.floor(session.random() * 9);
  const filters: Record<string, string>[] = [
    {},
    { resourceType: 'ChargeStation', sort: 'basicInfoUpdateTime:desc' },
    { regionId: session.pick(catalog.cityIds), sort: 'worksheetNumber:desc' },
    { operatorId: session.pick(catalog.operatorIds), resourceType: 'ChargeStation' },
    { resourceName: session.pick(catalog.stationNameParts) },
    { operatorName: session.pick(catalog.operatorNameParts), sort: 'resourceName:asc' },
    { openWorksheetNumberMin: '1', sort: 'openWorksheetNumber:desc' },
    { region: session.pick(catalog.cityNames), active: 'true' },
    { resourceType: 'PowerSwap', sort: 'resourceId:asc' },
  ];
  const query = new URLSearchParams({
    ...session.pick(filters),
    pageNo: String(page),
    pageSize: session.random() < 0.75 ? '20' : '50',
  });
  await session.call('operations list', 'GET', `/stations?${query}`, 200);
};

/** The detail page: the station's basic info, then (once it is in) its operator info, as the web asks. */
const stationDetail: Flow = async (session, catalog) => {
  const swap = session.random() < 0.1;
  const resourceId = encodeURIComponent(
    session.pick(swap ? catalog.swapStationIds : catalog.chargeStationIds),
  );
  const kind = swap ? 'swap-stations' : 'charge-stations';
  const station = await session.call(
    'station basic-info',
    'GET',
    `/stations/${kind}/${resourceId}/basic-info`,
    200,
  );
  if (station) await session.call('station infos', 'GET', `/stations/${resourceId}/infos`, 200);
};

/**
 * An edit of a charge station's basic info: read it, list its open worksheets (the editor offers them),
 * save with the version read. Each save adds one parking space, so the final counts show lost updates.
 */
const basicInfoEdit: Flow = async (session, catalog, effects) => {
  const resourceId = session.pick(catalog.editedStationIds);
  const path = `/stations/charge-stations/${encodeURIComponent(resourceId)}/basic-info`;
  const station = await session.call<{ version: number; parkNumbers: number | null }>(
    'station basic-info',
    'GET',
    path,
    200,
  );
  if (!station) return;
  const open = new URLSearchParams({
    resourceId,
    status: 'open',
    pageNo: '1',
    pageSize: '50',
    sort: 'worksheetId:desc',
  });
  await session.call('open worksheets of station', 'GET', `/worksheets?${open}`, 200);
  const saved = await session.call('basic-info save', 'PUT', path, 200, {
    version: station.version,
    parkNumbers: (station.parkNumbers ?? 0) + 1,
  });
  if (saved) bump(effects.basicInfoSaves, resourceId);
};

interface PlannedResource {
  id: string;
  type: string;
  legIndex: number;
  selected?: boolean;
  swapUseClone?: boolean;
  remark?: string | null;
  name?: string | null;
  location: { longitude: number; latitude: number };
}

/** Route options for a trip; a third of the time the recommended plan is then saved as a road book. */
const roadBook: Flow = async (session, _catalog, effects) => {
  const [fromLng, fromLat, toLng, toLat] = session.pick(TRIPS);
  const request = {
    originPoint: { longitude: fromLng, latitude: fromLat },
    destinationPoint: { longitude: toLng, latitude: toLat },
  };
  const options = await session.call<{ plans: { tags: string[]; resources: PlannedResource[] }[] }>(
    'route options',
    'POST',
    '/road-books/route/options',
    200,
    request,
  );
  const recommended = options?.plans.find((plan) => plan.tags.includes('recommended'));
  if (!recommended || session.random() >= 1 / 3) return;
  // As the editor holds them: the answer's empty remarks and names are no values.
  const stops = roadBookStops(
    [],
    recommended.resources.map(({ remark, name, ...resource }) => ({
      ...resource,
      ...(remark == null ? {} : { remark }),
      ...(name == null ? {} : { name }),
    })),
  );
  const saved = await session.call('road-book save', 'POST', '/road-books', 201, {
    ...request,
    name: `bench trip ${Math.floor(session.random() * 1e6)}`,
    waypointResourceSeq: stops.waypointResourceSeq,
    planTag: 'recommended',
  });
  if (saved) effects.roadBooksSaved++;
};

/** Opens a worksheet on a station, and closes the oldest one this session opened earlier. */
const worksheet: Flow = async (session, catalog, effects) => {
  const resourceId = session.pick(session.random() < 0.9 ? catalog.chargeStationIds : catalog.swapStationIds);
  const created = await session.call<{ worksheetId: number }>(
    'worksheet create',
    'POST',
    '/worksheets',
    201,
    {
      resourceId,
      title: WORKSHEET_TITLE,
      description: 'opened by the mixed-load benchmark',
    },
  );
  if (created) {
    bump(effects.worksheetsCreated, resourceId);
    session.rememberWorksheet(created.worksheetId, resourceId);
  }
  const oldest = session.takeOldestWorksheet(1);
  if (!oldest) return;
  const closed = await session.call(
    'worksheet close',
    'POST',
    `/worksheets/${oldest.worksheetId}/close`,
    200,
    {
      closeRemark: 'checked',
    },
  );
  if (closed) bump(effects.worksheetsClosed, oldest.resourceId);
};

/** Weights of the office's work, per flow started (a flow sends one to three requests). */
const FLOWS = {
  list: { weight: 36, flow: operationsList },
  detail: { weight: 26, flow: stationDetail },
  edit: { weight: 14, flow: basicInfoEdit },
  'road-book': { weight: 14, flow: roadBook },
  worksheet: { weight: 10, flow: worksheet },
} satisfies Record<string, { weight: number; flow: Flow }>;
export type FlowName = keyof typeof FLOWS;

class Run {
  readonly effects: Effects = {
    basicInfoSaves: {},
    worksheetsCreated: {},
    worksheetsClosed: {},
    roadBooksSaved: 0,
    unanswered: 0,
  };
  readonly samples: Sample[] = [];
  readonly errorExamples: string[] = [];
  /** When the measured window opened (performance.now()), or null during the warm-up. */
  windowStart: number | null = null;
  windowEnd = Infinity;

  constructor(readonly plan: LoadPlan) {}

  record(type: RequestType, startedAt: number, ms: number, outcome: Outcome): void {
    if (this.windowStart === null || startedAt < this.windowStart || startedAt >= this.windowEnd) return;
    this.samples.push({ type, ms, outcome });
  }

  noteError(text: string): void {
    if (this.errorExamples.length < 10) this.errorExamples.push(text);
  }
}

async function main(): Promise<void> {
  const plan = JSON.parse(process.argv[2]!) as LoadPlan;
  const run = new Run(plan);
  const sessions = plan.userNames
    .slice(0, plan.sessions)
    .map((userName, i) => new Session(run, userName, randomOf(plan.seed + i * 7919)));
  for (const session of sessions) await session.signIn();

  const flows = plan.flows.map((name) => {
    if (!(name in FLOWS)) throw new Error(`no flow ${name}; the flows are ${Object.keys(FLOWS).join(', ')}`);
    return FLOWS[name];
  });
  const totalWeight = flows.reduce((sum, f) => sum + f.weight, 0);
  const loop = async (session: Session) => {
    while (performance.now() < run.windowEnd) {
      let roll = session.random() * totalWeight;
      const { flow } = flows.find((f) => (roll -= f.weight) < 0) ?? flows[0]!;
      await flow(session, plan.catalog, run.effects);
    }
  };
  const loops = Promise.all(sessions.map(loop));
  await new Promise((resolve) => setTimeout(resolve, plan.warmupSeconds * 1000));
  const cpuMark = process.cpuUsage();
  run.windowStart = performance.now();
  run.windowEnd = run.windowStart + plan.seconds * 1000;
  process.send!({ kind: 'measuring' } satisfies ClientMessage);
  // Requests started in the window are waited for; the flows stop starting new ones when it closes.
  await loops;
  const cpu = process.cpuUsage(cpuMark);
  for (const session of sessions) session.close();
  const message: ClientMessage = {
    kind: 'done',
    requestTypes: REQUEST_TYPES,
    samples: run.samples,
    effects: run.effects,
    errorExamples: run.errorExamples,
    windowMs: plan.seconds * 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.send!(message, () => process.disconnect());
}

await main();
