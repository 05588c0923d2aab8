import { logger } from '../logging/logger.js';

/**
 * Work a process does every so often (a sweep, a clean-up): one run at a time, its failure logged and left to the
 * next run, the timer never keeping the process alive; stop() waits for a run in progress.
 */
export class Periodic {
  private timer: NodeJS.Timeout | null = null;
  private first: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly work: () => Promise<unknown>,
  ) {}

  /** Starts the timer; with `now`, runs once at once too (and waits for it); with `firstInMs`, once that soon. */
  start(options: { now?: boolean; firstInMs?: number } = {}): Promise<void> {
    this.timer ??= setInterval(() => void this.run(), this.everyMs);
    this.timer.unref();
    if (options.firstInMs !== undefined) {
      this.first = setTimeout(() => void this.run(), options.firstInMs);
      this.first.unref();
    }
    return options.now ? this.run() : Promise.resolve();
  }

  /** Runs now, or joins the run in progress. */
  run(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.work();
      } catch (err) {
        logger().warn({ err }, `${this.name} failed; the next run tries again`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.first) clearTimeout(this.first);
    this.timer = null;
    this.first = null;
    await this.running;
  }
}
