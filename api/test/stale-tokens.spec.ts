import { CHAT_EVENTS, CHAT_MESSAGES, type ChatEventError, HTTP_MESSAGES } from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { TokenService } from '../src/auth/token.service';
import { SOCKETS_PER_USER } from '../src/realtime/sockets-per-user';
import { RECORD_STORE } from '../src/core/tokens';
import { projectBody } from './listing-fixtures';
import { connectSocket, nextEvent } from './socket-client';
import { startTestApp, type TestApp } from './test-app';

/** Routes a signed-in user writes through, each with a body it would accept. */
const writes = (friendId: string): [string, string, unknown][] => [
  ['POST', '/api/project', projectBody()],
  ['POST', '/api/post', { data: 'still here?' }],
  ['POST', '/api/chat/sendMessage', { id: friendId, message: 'hello from nowhere' }],
  ['PATCH', '/api/user/settings', { name: 'Ghost' }],
];

describe('tokens of accounts that no longer exist', () => {
  const apps: TestApp[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  const expectUnauthorized = async (api: TestApp, token: string, friendId: string) => {
    for (const [method, path, body] of writes(friendId)) {
      const answer = await api.request(method, path, { token, body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
    }
    await expect(connectSocket(api.baseUrl, { token })).rejects.toThrow(HTTP_MESSAGES.unauthorized);
  };

  it('refuses a validly signed token naming an account that never existed', async () => {
    const api = await startTestApp();
    apps.push(api);
    const friend = await api.signUp();
    const ghost = await api.app.get(TokenService).sign({ id: newId(), username: 'ghost' });
    await expectUnauthorized(api, ghost, friend.id);
  });

  it('refuses the token of a deleted account, which wrote before, and stores nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skillers-stale-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await startTestApp({ DATA_DIR: dataDir });
    apps.push(first);
    const [doomed, friend] = [await first.signUp(), await first.signUp()];
    const project = await first.request('POST', '/api/project', { token: doomed.token, body: projectBody() });
    expect(project.status).toBe(201);
    const store = first.app.get<RecordStore>(RECORD_STORE);
    expect(await store.collection(COLLECTIONS.users).delete(doomed.id)).toBe(true);
    const projectsBefore = await store.collection(COLLECTIONS.projects).count({});
    await first.close();
    apps.pop();

    // A fresh process (nothing remembered) on the same data and signing secret.
    const api = await startTestApp({ DATA_DIR: dataDir });
    apps.push(api);
    await expectUnauthorized(api, doomed.token, friend.id);
    const after = api.app.get<RecordStore>(RECORD_STORE);
    expect(await after.collection(COLLECTIONS.projects).count({})).toBe(projectsBefore);
    // A visitor's route with a dead token counts as no token.
    expect((await api.request('GET', '/api/project', { token: doomed.token })).status).toBe(200);
  });
});

describe('chat sockets', () => {
  let api: TestApp;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await api.close();
  });

  it('closes a socket when its token expires, after saying so', async () => {
    api = await startTestApp({ JWT_EXPIRES_IN: '2s' });
    const user = await api.signUp();
    const socket = await connectSocket(api.baseUrl, { token: user.token });
    sockets.push(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const notice = await nextEvent<ChatEventError>(socket, CHAT_EVENTS.exception, 4_000);
    expect(notice).toEqual({ event: 'session', message: HTTP_MESSAGES.sessionExpired });
    expect(await disconnected).toBe('io server disconnect');
  });

  it(`holds one user to ${SOCKETS_PER_USER} sockets, however many are opened at once`, async () => {
    api = await startTestApp();
    const [user, other] = [await api.signUp(), await api.signUp()];
    const attempts = await Promise.allSettled(
      Array.from({ length: SOCKETS_PER_USER + 15 }, () => connectSocket(api.baseUrl, { token: user.token })),
    );
    const opened = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
    sockets.push(...opened);
    expect(opened).toHaveLength(SOCKETS_PER_USER);
    for (const attempt of attempts) {
      if (attempt.status === 'rejected')
        expect(String(attempt.reason)).toContain(CHAT_MESSAGES.tooManySockets);
    }
    // Others are not affected, and a closed socket frees its place.
    sockets.push(await connectSocket(api.baseUrl, { token: other.token }));
    const closed = opened[0];
    const gone = new Promise((resolve) => closed.once('disconnect', resolve));
    closed.close();
    await gone;
    await expect
      .poll(async () => {
        const again = await connectSocket(api.baseUrl, { token: user.token }).catch(() => null);
        if (again) sockets.push(again);
        return again !== null;
      })
      .toBe(true);
  });
});
