/** Injection token of the outbox relay, which moves index changes from the store into the job queue. */
export const OUTBOX_RELAY = Symbol('OUTBOX_RELAY');
