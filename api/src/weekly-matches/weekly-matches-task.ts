/** The repeating task that sends the weekly matches; `api/src/ports/digest-ports.module.ts` picks its adapter. */
export const WEEKLY_MATCHES_TASK = Symbol('WEEKLY_MATCHES_TASK');

/** Hourly, like the daily digest: a week missed while the app was down is sent at the next run. */
export const WEEKLY_MATCHES_TASK_EVERY_MS = 60 * 60 * 1000;

/** Names the task's BullMQ scheduler and queue. */
export const WEEKLY_MATCHES_TASK_NAME = 'weekly-matches';
