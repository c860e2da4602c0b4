export * from './job-queue.options';
export * from './job-queue.port';
export * from './open-job-queue';
export { BullMqJobQueue, type BullMqJobQueueOptions } from './bullmq/bullmq.job-queue';
export { InProcessJobQueue } from './in-process/in-process.job-queue';
