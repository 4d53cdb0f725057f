import os from 'node:os';

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Runs a bench between the two lines every figure in docs/performance.md is read with: what it measures on
 * which machine under which load, and how long the whole run took and the load at its end.
 */
export async function runBench(title: string, body: () => Promise<void>): Promise<void> {
  const started = performance.now();
  console.log(
    `${title}; ${os.cpus().length} cores (${os.cpus()[0]?.model}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  await body();
  console.log(
    `\nwhole run: ${((performance.now() - started) / 1000).toFixed(0)} s; load average now ${loadAverage()}`,
  );
}
