import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OsrmRoutingProvider } from './osrm-routing.js';
import { RoutingError } from './routing-provider.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** What the fake server answers for a coordinate list: a recorded body, or nothing ever (`hangs`). */
interface Reply {
  status: number;
  body: string;
  contentType?: string;
  hangs?: boolean;
}

const OK_COORDINATES = '-120.200000,38.500000;-120.950000,40.700000;-126.453000,43.252000';
const replies = new Map<string, Reply>([
  [OK_COORDINATES, { status: 200, body: fixture('osrm-route-ok.json') }],
  ['1.000000,1.000000;2.000000,2.000000', { status: 400, body: fixture('osrm-no-route.json') }],
  ['3.000000,3.000000;4.000000,4.000000', { status: 400, body: fixture('osrm-no-segment.json') }],
  [
    '5.000000,5.000000;6.000000,6.000000',
    { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
  ],
  ['7.000000,7.000000;8.000000,8.000000', { status: 200, body: fixture('osrm-route-ok.json'), hangs: true }],
]);

/** A stand-in OSRM server on loopback that replays recorded responses and remembers what it was asked. */
let server: http.Server;
let baseUrl: string;
const requests: URL[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url);
    const match = /^\/route\/v1\/driving\/(.+)$/.exec(url.pathname);
    const reply = match ? replies.get(decodeURIComponent(match[1]!)) : undefined;
    if (!reply) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'InvalidUrl', message: `URL string malformed close to position 1` }));
      return;
    }
    if (reply.hangs) return;
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

const rejection = async (promise: Promise<unknown>): Promise<RoutingError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof RoutingError)) throw new Error(`expected a RoutingError, got ${String(error)}`);
  return error;
};

describe('OsrmRoutingProvider', () => {
  const points = [
    [-120.2, 38.5],
    [-120.95, 40.7],
    [-126.453, 43.252],
  ] as const;

  it('should ask for the full polyline overview without steps', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl: `${baseUrl}/` });
    await sut.route(points, 0);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(decodeURIComponent(request!.pathname)).toBe(`/route/v1/driving/${OK_COORDINATES}`);
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      overview: 'full',
      geometries: 'polyline',
      steps: 'false',
    });
  });

  it('should give each leg its distance, duration and share of the geometry', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl });
    const route = await sut.route(points, 0);
    expect(route.estimated).toBe(false);
    expect(route.distance).toBe(814785.1);
    expect(route.duration).toBe(35425.5);
    expect(route.legs.map((leg) => [leg.distance, leg.duration])).toEqual([
      [263581.3, 11460.1],
      [551203.8, 23965.4],
    ]);
    expect(route.legs.map((leg) => leg.points)).toEqual([
      [
        [-120.2, 38.5],
        [-120.95, 40.7],
      ],
      [
        [-120.95, 40.7],
        [-126.453, 43.252],
      ],
    ]);
  });

  it('should send the exclude class configured for the tactic', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl, excludeByTactic: { 3: 'motorway' } });
    await sut.route(points, 3);
    await sut.route(points, 4);
    expect(requests.map((r) => r.searchParams.get('exclude'))).toEqual(['motorway', null]);
  });

  it('should turn a NoRoute answer into a routing error with its code and message', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl });
    const error = await rejection(
      sut.route(
        [
          [1, 1],
          [2, 2],
        ],
        0,
      ),
    );
    expect(error.code).toBe('NoRoute');
    expect(error.message).toBe('the routing server answered NoRoute: Impossible route between points');
  });

  it('should report a point that snaps to no road', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl });
    const error = await rejection(
      sut.route(
        [
          [3, 3],
          [4, 4],
        ],
        0,
      ),
    );
    expect(error.code).toBe('NoSegment');
  });

  it('should report an answer that is not JSON', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl });
    const error = await rejection(
      sut.route(
        [
          [5, 5],
          [6, 6],
        ],
        0,
      ),
    );
    expect(error.code).toBe('InvalidResponse');
    expect(error.message).toContain('502');
  });

  it('should give up after the timeout', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl, timeoutMs: 200 });
    const started = performance.now();
    const error = await rejection(
      sut.route(
        [
          [7, 7],
          [8, 8],
        ],
        0,
      ),
    );
    expect(error.code).toBe('Timeout');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('should report a server that cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sut = new OsrmRoutingProvider({ baseUrl: `http://127.0.0.1:${port}` });
    expect((await rejection(sut.route(points, 0))).code).toBe('Unreachable');
  });

  it('should refuse a request with one point without asking the server', async () => {
    const sut = new OsrmRoutingProvider({ baseUrl });
    expect((await rejection(sut.route([[1, 1]], 0))).code).toBe('InvalidQuery');
    expect(requests).toHaveLength(0);
  });
});
