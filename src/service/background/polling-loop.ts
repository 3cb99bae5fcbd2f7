export interface PollingLoopOptions<T> {
  /** Names the loop in the one log line it writes, when claiming throws. */
  name: string;
  pollMs: number;
  concurrency: number;
  /** Takes the next due item (durably, with a lease), or undefined when nothing is due. */
  claim: () => T | undefined;
  run: (item: T) => Promise<void>;
}

/**
 * The loop the durable workers share (jobs, webhook deliveries): claim due items up to a
 * concurrency limit, run each without holding up the next claim, and look again after `pollMs`,
 * or at once when woken or when a slot frees up.
 */
export class PollingLoop<T> {
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;

  constructor(private readonly options: PollingLoopOptions<T>) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops claiming and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all(this.running);
  }

  /** Looks for work now rather than at the next poll, e.g. right after work was enqueued. */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.poll(), delayMs);
  }

  private poll(): void {
    if (this.stopped) return;
    try {
      while (this.running.size < this.options.concurrency) {
        const item = this.options.claim();
        if (item === undefined) break;
        const run = this.options.run(item).finally(() => {
          this.running.delete(run);
          this.wake();
        });
        this.running.add(run);
      }
    } catch (error) {
      console.error(`${this.options.name}: claiming failed`, error);
    }
    this.schedule(this.options.pollMs);
  }
}
