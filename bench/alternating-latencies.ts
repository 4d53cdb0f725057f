/** Latencies of calls made one at a time, several kinds of call alternating so they share the machine's state. */
export interface Latencies {
  median: number;
  p95: number;
  count: number;
  /** The lowest and highest of the rounds' medians. */
  roundMedians: [number, number];
}

export interface Rounds {
  rounds: number;
  seconds: number;
  /** Calls of each run per round however long they take. */
  minCallsPerRound: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sortedCopy = (samples: number[]) => [...samples].sort((a, b) => a - b);

function summarise(rounds: number[][]): Latencies {
  const all = sortedCopy(rounds.flat());
  const medians = rounds.map((r) => percentile(sortedCopy(r), 50));
  return {
    median: percentile(all, 50),
    p95: percentile(all, 95),
    count: all.length,
    roundMedians: [Math.min(...medians), Math.max(...medians)],
  };
}

/**
 * `rounds` rounds of `seconds` (and at least `minCallsPerRound` calls of each), calling every one of `runs` in
 * turn, one call at a time, after one warm-up call of each; every call's latency in ms, per run.
 */
export async function alternate(options: Rounds, runs: (() => Promise<unknown>)[]): Promise<Latencies[]> {
  const samples = runs.map(() => [] as number[][]);
  for (const run of runs) await run();
  for (let round = 0; round < options.rounds; round++) {
    const inRound = runs.map(() => [] as number[]);
    const until = performance.now() + options.seconds * 1000;
    for (let calls = 0; calls < options.minCallsPerRound || performance.now() < until; calls++) {
      for (const [i, run] of runs.entries()) {
        const t = performance.now();
        await run();
        inRound[i]!.push(performance.now() - t);
      }
    }
    inRound.forEach((r, i) => samples[i]!.push(r));
  }
  return samples.map(summarise);
}
