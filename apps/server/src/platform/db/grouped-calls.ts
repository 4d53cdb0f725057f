interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * One statement for many callers (group commit): a call that finds no group running runs at once, alone;
 * calls that arrive while a group runs wait and run together as the next one, at most `max` of them. Nothing
 * waits for a timer, and each call is answered by a statement sent after it arrived, so it never reads what
 * was true before it came. A burst of signed requests was otherwise a burst of single-row statements, each
 * waiting for a pooled connection behind all the others (docs/performance.md "Coupon claims").
 */
export class GroupedCalls<I, O> {
  private waiting: Waiting<I, O>[] = [];
  private running: Promise<void> | undefined;

  /** `run` answers one output per input, in the inputs' order. */
  constructor(
    private readonly run: (inputs: readonly I[]) => Promise<O[]>,
    private readonly max = 500,
  ) {}

  call(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once every call made so far has been answered: what a stopping process waits for. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.max);
      try {
        const outputs = await this.run(group.map((call) => call.input));
        group.forEach((call, i) => call.resolve(outputs[i]!));
      } catch (error) {
        for (const call of group) call.reject(error);
      }
    }
    this.running = undefined;
  }
}
