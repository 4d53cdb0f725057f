import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '../platform/server-root.js';

/** One simulated charger as the simulator process gets it on stdin. */
export interface SimulatorSpec {
  chargePointId: string;
  password: string;
  connectors: number;
  vendor?: string;
  model?: string;
  firmwareVersion?: string;
  powerKw?: number;
}

/** What every charger of the process shares, passed in argv (nothing secret). */
export interface SimulatorSettings {
  endpoint: string;
  staggerMs: number;
  meterIntervalMs: number;
  firmwareStepMs: number;
  autoSessions: boolean;
}

const DEFAULTS: Omit<SimulatorSettings, 'endpoint'> = {
  staggerMs: 50,
  meterIntervalMs: 60_000,
  firmwareStepMs: 2_000,
  autoSessions: false,
};

export function simulatorArgs(argv: string[]): SimulatorSettings {
  const [endpoint] = argv.filter((arg) => !arg.startsWith('--'));
  if (!endpoint?.startsWith('ws'))
    throw new Error('the first argument is the OCPP endpoint, ws://host:port/ocpp');
  const number = (name: string, fallback: number) => {
    const value = argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
    return value === undefined ? fallback : Number(value);
  };
  return {
    endpoint,
    staggerMs: number('stagger-ms', DEFAULTS.staggerMs),
    meterIntervalMs: number('meter-interval-ms', DEFAULTS.meterIntervalMs),
    firmwareStepMs: number('firmware-step-ms', DEFAULTS.firmwareStepMs),
    autoSessions: argv.includes('--auto-sessions'),
  };
}

export interface SimulatorProcess {
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Starts the simulator program in its own Node process, hands it the chargers on stdin, and answers how to
 * stop it. Its totals go to this process's stdout. From the build (`npm start`) the program is the built
 * `run-simulators.js` beside this code; from the sources (tests, `npm run dev`) it is the TypeScript, run
 * through tsx.
 */
export function startSimulatorProcess(
  specs: SimulatorSpec[],
  settings: Partial<SimulatorSettings> & { endpoint: string },
): SimulatorProcess {
  const { endpoint, ...rest } = { ...DEFAULTS, ...settings };
  const fromSources = import.meta.url.endsWith('.ts');
  // From the server's root, since the build may put this code in a chunk of its own.
  const script = path.join(
    SERVER_ROOT,
    fromSources ? 'src/ocpp-sim/run-simulators.ts' : 'dist/run-simulators.js',
  );
  const child = spawn(
    process.execPath,
    [
      ...(fromSources ? ['--import', 'tsx'] : []),
      script,
      endpoint,
      `--stagger-ms=${rest.staggerMs}`,
      `--meter-interval-ms=${rest.meterIntervalMs}`,
      `--firmware-step-ms=${rest.firmwareStepMs}`,
      ...(rest.autoSessions ? ['--auto-sessions'] : []),
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  child.stdin.on('error', () => undefined);
  child.stdin.write(JSON.stringify(specs) + '\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
