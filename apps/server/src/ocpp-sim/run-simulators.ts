/**
 * The simulated chargers' process, started beside a demo portal:
 *
 *   node --import tsx run-simulators.ts ws://127.0.0.1:3000/ocpp [--stagger-ms=50] [--meter-interval-ms=60000]
 *                                        [--firmware-step-ms=2000] [--auto-sessions]
 *
 * The chargers come as one line of JSON on stdin (`SimulatorSpec[]`), never in argv or the environment,
 * so their passwords do not show in `ps`. The process starts them one after the other, prints its totals
 * once a minute, and ends when stdin closes (the portal went away) or on SIGTERM.
 */
import readline from 'node:readline';
import { SimulatedCharger } from './simulated-charger.js';
import { simulatorArgs, type SimulatorSpec } from './simulator-process.js';

const TOTALS_EVERY_MS = 60_000;

async function main(): Promise<void> {
  const { endpoint, staggerMs, meterIntervalMs, firmwareStepMs, autoSessions } = simulatorArgs(
    process.argv.slice(2),
  );
  const lines = readline.createInterface({ input: process.stdin });
  const chargers: SimulatedCharger[] = [];
  let failures = 0;
  let stopping = false;

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(totals);
    await Promise.allSettled(chargers.map((charger) => charger.stop()));
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
  lines.once('close', () => void stop());

  const totals = setInterval(() => {
    const connected = chargers.filter((c) => c.connected).length;
    const sessions = chargers.reduce((sum, c) => sum + c.activeSessions, 0);
    const sent = chargers.reduce((sum, c) => sum + c.sentCount, 0);
    process.stdout.write(
      `simulated chargers: ${connected}/${chargers.length} connected, ${sessions} charging, ` +
        `${sent} messages answered, ${failures} failures\n`,
    );
  }, TOTALS_EVERY_MS);

  const [first] = await new Promise<string[]>((resolve) => lines.once('line', (line) => resolve([line])));
  const specs = JSON.parse(first ?? '[]') as SimulatorSpec[];
  for (const spec of specs) {
    if (stopping) return;
    const charger = new SimulatedCharger({
      endpoint,
      ...spec,
      meterIntervalMs,
      firmwareStepMs,
      autoSessions,
    });
    charger.on('failure', () => (failures += 1));
    chargers.push(charger);
    charger.start().catch((error: unknown) => {
      failures += 1;
      process.stderr.write(
        `simulated charger ${spec.chargePointId} could not start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, staggerMs));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`simulated chargers: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
