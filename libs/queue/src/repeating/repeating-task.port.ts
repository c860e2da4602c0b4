/**
 * One task run on a fixed period by one process of all those that start it: an in-process timer where the
 * app runs alone, a BullMQ job scheduler on Redis in the cluster. A run may still happen twice (a restart,
 * a stalled job run again), so the task keeps its own record of what it has done.
 */
export interface RepeatingTask {
  readonly adapter: 'timer' | 'bullmq';
  /** Runs `task` now and then every period; runs never overlap within a process. */
  start(task: () => Promise<void>): Promise<void>;
  /** Stops scheduling and waits for a run under way. */
  close(): Promise<void>;
}
