/** The repeating task that runs the daily digest; `api/src/ports/digest-ports.module.ts` picks its adapter. */
export const DIGEST_TASK = Symbol('DIGEST_TASK');

/** The digest task runs hourly: each run sends the previous day's digests not sent yet. */
export const DIGEST_TASK_EVERY_MS = 60 * 60 * 1000;

/** Names the task's BullMQ scheduler and queue. */
export const DIGEST_TASK_NAME = 'notification-digest';
