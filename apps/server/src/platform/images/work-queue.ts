import { ERROR_CODES } from '@cmp/domain';
import { AppError } from '../http/app-error.js';

export interface WorkQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting beyond those; one more is refused with 503 and Retry-After. */
  maxWaiting: number;
  /** What the refusal's Retry-After says, in seconds. */
  retryAfterSeconds: number;
}

/**
 * Runs CPU-heavy tasks a few at a time, first come first served, and refuses new ones when too many
 * wait, so a burst of work neither takes every core from the event loop nor piles up in memory.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: WorkQueueOptions) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) {
        throw new AppError(
          503,
          ERROR_CODES.busy,
          'the server is busy with other uploads; try again in a moment',
          { retryAfterSeconds: this.options.retryAfterSeconds },
          { 'retry-after': String(this.options.retryAfterSeconds) },
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, so none can overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
