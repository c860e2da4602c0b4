import { CHAT_EVENTS, type ChatMessage, type RealtimeMessage } from '@skillers/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findRedisServer,
  type RedisServer,
  startRedisServer,
} from '../../libs/queue/src/bullmq/redis-server.testing';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { connectSocket, nextEvent } from './socket-client';
import { startTestApp, type TestApp } from './test-app';

const redisBinary = findRedisServer();

/* Two api nodes over one store and one Redis, as in the cluster profile (MongoDB there, one SQLite file here). */
describe.skipIf(!redisBinary)('chat across api nodes sharing rooms through Redis', () => {
  let redis: RedisServer;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisBinary as string);
    nodeA = await startTestApp({ REDIS_URL: redis.url });
    nodeB = await startTestApp({ REDIS_URL: redis.url, DATA_DIR: nodeA.dataDir });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
    await redis?.stop();
  });

  it('delivers a message to a participant connected to another node', async () => {
    const [ada, bob] = [await nodeA.signUp(), await nodeA.signUp()];
    const first = await nodeA.request<{ message: ChatMessage }>('POST', '/api/chat/sendMessage', {
      token: ada.token,
      body: { id: bob.id, message: 'hello' },
    });
    const conversationId = first.body.message.conversationId;
    const adaSocket = await connectSocket(nodeA.baseUrl, { token: ada.token });
    const bobSocket = await connectSocket(nodeB.baseUrl, { token: bob.token });
    sockets.push(adaSocket, bobSocket);
    expect(await adaSocket.emitWithAck(CHAT_EVENTS.join, conversationId)).toMatchObject({ ok: true });
    expect(await bobSocket.emitWithAck(CHAT_EVENTS.join, conversationId)).toMatchObject({ ok: true });

    const bobHears = nextEvent<RealtimeMessage>(bobSocket, CHAT_EVENTS.message);
    await adaSocket.emitWithAck(CHAT_EVENTS.chat, { room: conversationId, text: 'from node A' });
    expect(await bobHears).toMatchObject({ conversationId, senderId: ada.id, text: 'from node A' });

    const adaHears = nextEvent<RealtimeMessage>(adaSocket, CHAT_EVENTS.message);
    const sent = await nodeB.request('POST', '/api/chat/sendMessage', {
      token: bob.token,
      body: { id: ada.id, message: 'over HTTP on node B' },
    });
    expect(sent.status).toBe(201);
    expect(await adaHears).toMatchObject({ senderId: bob.id, text: 'over HTTP on node B' });
  });
});

describe('chat start-up with an unreachable Redis', () => {
  it('stops with a clear message instead of starting without shared rooms', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-api-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SEED: 'false',
        LOG_LEVEL: 'silent',
        REDIS_URL: 'redis://127.0.0.1:1',
      });
      await expect(createApp(config)).rejects.toThrow(/Cannot connect to Redis at REDIS_URL for the chat/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
