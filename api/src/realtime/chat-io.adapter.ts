import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';

/**
 * socket.io with the HTTP API's CORS policy: the configured origins may poll from the browser, no
 * other site may; without CORS_ORIGINS there are no CORS headers at all (same origin only).
 */
export class ChatIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly corsOrigins: readonly string[],
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const cors = this.corsOrigins.length > 0 ? { origin: [...this.corsOrigins] } : { origin: false };
    return super.createIOServer(port, { ...options, cors } as ServerOptions) as Server;
  }
}
