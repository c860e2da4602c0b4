import type * as BullMq from 'bullmq';
import type * as IoRedis from 'ioredis';

/*
 * BullMQ and ioredis, loaded when first used: a node on the in-process queue never uses them, and loading
 * them took a tenth of a second of every start.
 */

export const bullmqPackage = (): typeof BullMq =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('bullmq') as typeof BullMq;

export const ioredisPackage = (): typeof IoRedis =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('ioredis') as typeof IoRedis;
