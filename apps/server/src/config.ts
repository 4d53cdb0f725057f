import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DUPLICATE_RADIUS_METERS } from '@cmp/domain/stations/crowdsourced-stations';
import { REPO_ROOT } from './platform/server-root.js';

const REPOSITORY_DATA_DIR = path.join(REPO_ROOT, 'data');

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/**
 * A Leaflet tile URL template (`{z}`, `{x}`, `{y}`, optionally `{s}` in the first host label) over
 * HTTP(S), or `off` for maps without tiles (markers and lines on a plain background).
 */
const tileUrl = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === 'off') return null;
    if (!tileOriginOf(value) || !['{z}', '{x}', '{y}'].every((part) => value.includes(part))) {
      context.addIssue({
        code: 'custom',
        message: 'TILE_URL must be an http(s) URL template with {z}, {x} and {y}, or off',
      });
      return z.NEVER;
    }
    return value;
  });

/**
 * The CSP source the browser needs to load the tiles: the template's origin, its first host label a
 * wildcard when it holds `{s}`; null when the template is not an http(s) URL.
 */
export function tileOriginOf(template: string): string | null {
  const match = /^(https?):\/\/([^./?#{}]*\{s\}[^./?#{}]*\.)?([^/?#{}]+)(?:[/?#]|$)/.exec(template);
  // A wildcard over a bare top-level domain would let images from anywhere in.
  if (!match || (match[2] && !match[3]!.includes('.'))) return null;
  try {
    const url = new URL(`${match[1]}://${match[3]}`);
    return `${url.protocol}//${match[2] ? '*.' : ''}${url.host}`;
  } catch {
    return null;
  }
}

/**
 * Every setting of the server, read once at start from the environment.
 * Each entry documents its variable; the README's table is written from this list.
 */
const ConfigSchema = z.object({
  /** PORT: TCP port to listen on; 0 picks a free one. */
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  /** HOST: address to bind. */
  host: z.string().min(1).default('127.0.0.1'),
  /** DATA_DIR: embedded database, uploaded files and the process lock live here; `data/` of the repository by default. */
  dataDir: z.string().min(1).default(REPOSITORY_DATA_DIR),
  /** DATABASE_URL: a PostgreSQL server; unset → the embedded PGlite database in DATA_DIR. */
  databaseUrl: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** JOB_PROCESS: with DATABASE_URL, run list exports in a second process at the lowest CPU priority, so requests never wait behind them; off → in the server's own. */
  jobProcess: flag.default(true),
  /** DATABASE_POOL_SIZE: connections per process when DATABASE_URL is set. */
  databasePoolSize: z.coerce.number().int().min(1).max(200).default(10),
  /** ADMIN_PASSWORD: first password of user `admin` on an empty database; unset → generated and printed once. */
  adminPassword: z.string().min(10, 'ADMIN_PASSWORD must be at least 10 characters').optional(),
  /** DEMO_DATA: load demo data into an empty database. */
  demoData: flag.default(true),
  /** DEMO_SIZE: `small` (about 3,300 stations) or `large` (about 22,000) demo data. */
  demoSize: z.enum(['small', 'large']).default('small'),
  /** DEMO_PASSWORD: password of the demo staff accounts. */
  demoPassword: z.string().min(10).default('cmp-demo-2026'),
  /** SESSION_IDLE_MINUTES: a session unused this long expires. */
  sessionIdleMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  /** SESSION_MAX_HOURS: a session expires this long after sign-in, used or not. */
  sessionMaxHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** COOKIE_SECURE: `auto` marks the cookie Secure when the request came over HTTPS (directly or via a proxy). */
  cookieSecure: z.enum(['auto', 'on', 'off']).default('auto'),
  /** TRUST_PROXY: trust X-Forwarded-* headers (set when behind a reverse proxy). */
  trustProxy: flag.default(false),
  /** UPLOAD_MAX_MB: largest accepted upload. */
  uploadMaxMb: z.coerce.number().min(1).max(512).default(20),
  /** LOG_LEVEL: pino level. */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** TILE_URL: map tiles (a Leaflet URL template), or `off`; the browser may load images from its origin. */
  tileUrl: tileUrl.default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** TILE_ATTRIBUTION: the credit the tile provider requires, shown on every map. */
  tileAttribution: z.string().trim().min(1).max(512).default('© OpenStreetMap contributors'),
  /** ROUTING_URL: an OSRM-compatible routing server for road books; unset → the built-in estimate (great circle × 1.3). */
  routingUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** ROUTE_PLANNER_PRELOAD: build the route planner's station index when the server starts (plans asked meanwhile answer 503 `planner_loading`); off → on the first plan. */
  routePlannerPreload: flag.default(true),
  /** ROUTE_PLANNER_WAIT_MS: how long a plan asked while the station index is built waits for it before answering 503 `planner_loading`. */
  routePlannerWaitMs: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** ROUTE_ARRIVAL_RESERVE_PERCENT: the share of the car's maximum range every plan keeps on arriving at a stop or the destination, when the request names no `arrivalReserve`. */
  routeArrivalReservePercent: z.coerce.number().min(0).max(50).default(10),
  /** EXPORT_STREAM_LIMIT: a list export of at most this many rows downloads at once; a larger one becomes a job. */
  exportStreamLimit: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** REPORT_DUPLICATE_RADIUS_M: a station report this close (metres) to a station or an open report is flagged as a likely duplicate. */
  reportDuplicateRadiusMeters: z.coerce
    .number()
    .int()
    .min(1)
    .max(5000)
    .default(DEFAULT_DUPLICATE_RADIUS_METERS),
  /** JOB_RETENTION_DAYS: finished jobs (exports, imports) and their files are removed after this many days. */
  jobRetentionDays: z.coerce.number().int().min(1).max(365).default(7),
  /** OCPP_CONNECTION_TIMEOUT_S: a remote start the charger accepted ends as `notStarted` when no transaction began this long after (the chargers' ConnectionTimeOut, with a margin). */
  ocppConnectionTimeoutSeconds: z.coerce.number().int().min(1).max(3600).default(180),
  /** OCPP_COMMAND_TIMEOUT_MS: a command a charger has not answered in this time fails as timed out. */
  ocppCommandTimeoutMs: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** OCPP_ID_TAG_PATTERN: id tags (cards, app users) matching this regular expression are accepted in Authorize and StartTransaction; others are Invalid. */
  ocppIdTagPattern: z
    .string()
    .min(1)
    .max(200)
    .refine((pattern) => {
      try {
        new RegExp(pattern);
        return true;
      } catch {
        return false;
      }
    }, 'OCPP_ID_TAG_PATTERN must be a regular expression')
    .default('^[A-Za-z0-9]{4,20}$'),
  /** OCPP_HEARTBEAT_SECONDS: the heartbeat interval answered to a charger's BootNotification. */
  ocppHeartbeatSeconds: z.coerce.number().int().min(10).max(86_400).default(300),
  /** PUBLIC_URL: the portal's address as chargers and links from outside reach it (the OCPP endpoint, firmware downloads); unset → the address it listens on. */
  publicUrl: z.url({ protocol: /^https?$/ }).optional(),
  /** FIRMWARE_LINK_MINUTES: a firmware download link sent to chargers works this long. */
  firmwareLinkMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(24 * 60),
  /** CLOUD_CONFIG_LONG_POLL_S: how long the apps' configuration long poll is held before it answers 304 (Apollo holds 60 s). */
  cloudConfigLongPollSeconds: z.coerce.number().int().min(1).max(600).default(60),
  /** MALL_UNPAID_CLOSE_MINUTES: how long a mall order may stay unpaid before it is closed (the payment page's window). */
  mallUnpaidCloseMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** FIRMWARE_MAX_MB: largest accepted upgrade package file (firmware outgrows UPLOAD_MAX_MB). */
  firmwareMaxMb: z.coerce.number().int().min(1).max(4096).default(512),
  /** DEMO_CHARGERS: simulated OCPP chargers started beside the demo portal (a separate process); 0 for none. */
  demoChargers: z.coerce.number().int().min(0).max(20_000).default(24),
  /** GROUP_INVITER_KEY: 32 bytes in base64 that encrypt (AES-256-GCM) the inviter's id in a group invitation; unset → derived from the portal's signing key in the database. */
  groupInviterKey: z
    .string()
    .trim()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'GROUP_INVITER_KEY must be 32 bytes in base64')
    .optional(),
  /** WECHAT_APP_ID: the messenger official account whose JS-SDK the H5 share page configures; unset → the page shares without it. */
  wechatAppId: z.string().trim().min(1).max(64).optional(),
  /** WECHAT_JSAPI_TICKET: that account's current jsapi_ticket, which share signatures are made over (renewed by whoever holds the account's secret); unset → no signing. */
  wechatJsapiTicket: z.string().trim().min(1).max(512).optional(),
  /** MQTT_URL: the broker push messages are delivered through (mqtt:// or mqtts://), QoS 1 on a topic per user; unset → the messages wait for the apps' signed fetch. */
  mqttUrl: z.url({ protocol: /^mqtts?$/ }).optional(),
  /** MQTT_TIMEOUT_MS: how long a push waits for the broker's connection or a message's PUBACK before it counts the attempt failed. */
  mqttTimeoutMs: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** MQTT_RETRY_MS: a failed delivery is tried again after this, then 4 and 16 times this, then counted failed. */
  mqttRetryMs: z.coerce.number().int().min(10).max(600_000).default(1_000),
  /** WEB_DIST: the built web client to serve. */
  webDist: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
});

export type Config = z.infer<typeof ConfigSchema>;

const ENV_NAMES: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  databasePoolSize: 'DATABASE_POOL_SIZE',
  jobProcess: 'JOB_PROCESS',
  adminPassword: 'ADMIN_PASSWORD',
  demoData: 'DEMO_DATA',
  demoSize: 'DEMO_SIZE',
  demoPassword: 'DEMO_PASSWORD',
  sessionIdleMinutes: 'SESSION_IDLE_MINUTES',
  sessionMaxHours: 'SESSION_MAX_HOURS',
  cookieSecure: 'COOKIE_SECURE',
  trustProxy: 'TRUST_PROXY',
  uploadMaxMb: 'UPLOAD_MAX_MB',
  logLevel: 'LOG_LEVEL',
  tileUrl: 'TILE_URL',
  tileAttribution: 'TILE_ATTRIBUTION',
  routingUrl: 'ROUTING_URL',
  routePlannerPreload: 'ROUTE_PLANNER_PRELOAD',
  routePlannerWaitMs: 'ROUTE_PLANNER_WAIT_MS',
  routeArrivalReservePercent: 'ROUTE_ARRIVAL_RESERVE_PERCENT',
  jobRetentionDays: 'JOB_RETENTION_DAYS',
  exportStreamLimit: 'EXPORT_STREAM_LIMIT',
  reportDuplicateRadiusMeters: 'REPORT_DUPLICATE_RADIUS_M',
  ocppCommandTimeoutMs: 'OCPP_COMMAND_TIMEOUT_MS',
  ocppConnectionTimeoutSeconds: 'OCPP_CONNECTION_TIMEOUT_S',
  ocppIdTagPattern: 'OCPP_ID_TAG_PATTERN',
  ocppHeartbeatSeconds: 'OCPP_HEARTBEAT_SECONDS',
  publicUrl: 'PUBLIC_URL',
  firmwareLinkMinutes: 'FIRMWARE_LINK_MINUTES',
  firmwareMaxMb: 'FIRMWARE_MAX_MB',
  cloudConfigLongPollSeconds: 'CLOUD_CONFIG_LONG_POLL_S',
  mallUnpaidCloseMinutes: 'MALL_UNPAID_CLOSE_MINUTES',
  demoChargers: 'DEMO_CHARGERS',
  groupInviterKey: 'GROUP_INVITER_KEY',
  wechatAppId: 'WECHAT_APP_ID',
  wechatJsapiTicket: 'WECHAT_JSAPI_TICKET',
  mqttUrl: 'MQTT_URL',
  mqttTimeoutMs: 'MQTT_TIMEOUT_MS',
  mqttRetryMs: 'MQTT_RETRY_MS',
  webDist: 'WEB_DIST',
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(ENV_NAMES)
      .map(([key, name]) => [key, env[name] === '' ? undefined : env[name]])
      .filter(([, value]) => value !== undefined),
  );
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path[0] as keyof Config;
      return `  ${ENV_NAMES[key] ?? String(key)}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  // npm runs workspace scripts inside the workspace; a relative path means relative to where npm was started.
  const base = env.INIT_CWD ?? process.cwd();
  return { ...parsed.data, dataDir: path.resolve(base, parsed.data.dataDir) };
}

/** Test and tool defaults: everything from the schema's defaults, overridden by `overrides`. */
export const defaultConfig = (overrides: Partial<Config> = {}): Config => ({
  ...ConfigSchema.parse({}),
  ...overrides,
});
