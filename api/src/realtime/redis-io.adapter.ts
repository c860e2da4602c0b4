import { type INestApplicationContext, Logger } from '@nestjs/common';
import { createAdapter } from '@socket.io/redis-adapter';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { ChatIoAdapter } from './chat-io.adapter';

/** ioredis, loaded when first used: a node without Redis never uses it (it took tens of milliseconds of every start). */
const ioredisPackage = (): typeof IoRedis =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('ioredis') as typeof IoRedis;

/**
 * socket.io over Redis pub/sub, so api nodes share rooms: a message stored on one node reaches
 * sockets connected to any other.
 */
export class RedisIoAdapter extends ChatIoAdapter {
  private constructor(
    app: INestApplicationContext,
    corsOrigins: readonly string[],
    private readonly pub: Redis,
    private readonly sub: Redis,
  ) {
    super(app, corsOrigins);
  }

  /** Connects both clients first, so a wrong REDIS_URL stops start-up instead of failing quietly later. */
  static async connect(
    app: INestApplicationContext,
    redisUrl: string,
    corsOrigins: readonly string[],
  ): Promise<RedisIoAdapter> {
    const pub = new (ioredisPackage().Redis)(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    // ioredis reconnects by itself; an outage is worth a warning, not an unhandled error event.
    const logger = new Logger(RedisIoAdapter.name);
    for (const client of [pub, sub])
      client.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
    try {
      await Promise.all([pub.connect(), sub.connect()]);
    } catch (error) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`Cannot connect to Redis at REDIS_URL for the chat: ${(error as Error).message}`);
    }
    return new RedisIoAdapter(app, corsOrigins, pub, sub);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    server.adapter(createAdapter(this.pub, this.sub));
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}
