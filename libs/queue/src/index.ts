export * from './failed-job-sweep';
export * from './job-queue.options';
export * from './job-queue.port';
export * from './open-job-queue';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './bullmq/bullmq.job-queue';
export { InProcessJobQueue } from './in-process/in-process.job-queue';
export * from './locks/shared-lock.port';
export { type LeaseBackend, RenewedLease } from './locks/renewed-lease';
export { RedisLock, type RedisLockOptions } from './locks/redis.lock';
