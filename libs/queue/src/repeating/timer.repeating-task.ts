import type { RepeatingTask } from './repeating-task.port';

/** The embedded setup's schedule: a timer in the one process, which runs the task at start too. */
export class TimerRepeatingTask implements RepeatingTask {
  readonly adapter = 'timer' as const;
  private timer?: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly everyMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  async start(task: () => Promise<void>): Promise<void> {
    const run = () => {
      this.running = this.running.then(() => task().catch(this.onError));
    };
    this.timer = setInterval(run, this.everyMs);
    this.timer.unref();
    run();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
