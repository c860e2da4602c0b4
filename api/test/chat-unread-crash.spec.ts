import type { UnreadMessages } from '@skillers/domain';
import { COLLECTIONS, openRecordStore } from '@skillers/store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_SERVER,
  call,
  exited,
  type Running,
  signUpOn,
  startServer,
  stopServer,
  tokenOwner,
} from './built-server';
import { shownTotal, type UnreadCheck, unreadCheck } from './unread-from-messages';

/** Five users, each starting conversations with the next two: every pair talks, within an unconfirmed account's three. */
const USERS = 5;
const CLIENTS = 10;
/** The server is killed as soon as this many messages of the concurrent phase have been acknowledged. */
const ACKNOWLEDGED_BEFORE_KILL = 80;
const PASSWORD = 'unread-crash-password';

interface Account {
  id: string;
  token: string;
}

describe('unread counters after a crash mid-message', () => {
  let dataDir: string;
  let server: Running | undefined;
  const users: Account[] = [];
  const acknowledged: string[] = [];
  const checks = new Map<string, UnreadCheck>();
  let inFlightAtKill = 0;

  beforeAll(async () => {
    if (!existsSync(BUILT_SERVER)) {
      throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first (npm test does).`);
    }
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-unread-crash-'));
    server = await startServer(dataDir);
    const { baseUrl } = server;
    for (let n = 0; n < USERS; n += 1) {
      const { token } = await signUpOn(baseUrl, `reader${n}`, PASSWORD);
      users.push({ id: tokenOwner(token), token });
    }
    const send = (from: Account, to: Account, message: string) =>
      call<{ message: { _id: string } }>(
        baseUrl,
        'POST',
        '/api/chat/sendMessage',
        { id: to.id, message },
        from.token,
      );
    for (const [n, from] of users.entries()) {
      for (const step of [1, 2]) {
        const opened = await send(from, users[(n + step) % USERS], 'hello');
        if (opened.status !== 201) throw new Error(`first message refused: ${opened.status}`);
      }
    }
    // Each user's first total makes their counters, so the crash meets stored counters, not missing ones.
    for (const user of users) await call(baseUrl, 'GET', '/api/chat/unread', undefined, user.token);

    let killed = false;
    let inFlight = 0;
    const runClient = async (index: number) => {
      const me = users[index % USERS];
      for (let round = 0; !killed; round += 1) {
        const friend = users[(index + 1 + (round % (USERS - 1))) % USERS];
        inFlight += 1;
        try {
          if (round % 3 === 2) {
            await call(baseUrl, 'GET', `/api/chat/conversation?friendId=${friend.id}`, undefined, me.token);
            continue;
          }
          const sent = await send(me, friend, `message ${index}-${round}`);
          if (sent.status !== 201) throw new Error(`message refused: ${sent.status}`);
          if (killed) continue;
          acknowledged.push(sent.body.message._id);
          if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) {
            killed = true;
            // The other clients' messages are still in flight: the kill lands in the middle of them.
            inFlightAtKill = inFlight - 1;
            server!.child.kill('SIGKILL');
          }
        } finally {
          inFlight -= 1;
        }
      }
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: CLIENTS }, (_, index) => runClient(index)),
    );
    const early = outcomes.find(
      (outcome) => outcome.status === 'rejected' && !String(outcome.reason).includes('fetch failed'),
    );
    if (early?.status === 'rejected') throw early.reason;
    await exited(server);
    expect(server.child.signalCode).toBe('SIGKILL');

    // The store as the crash left it, before a restart could repair anything.
    const store = await openRecordStore({ dataDir });
    try {
      const messages = store.collection(COLLECTIONS.messages);
      for (const id of acknowledged) expect(await messages.findById(id)).not.toBeNull();
      for (const user of users) checks.set(user.id, await unreadCheck(store, user.id));
    } finally {
      await store.close();
    }
    server = await startServer(dataDir);
  }, 180_000);

  afterAll(async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('was killed with messages in flight', () => {
    expect(inFlightAtKill).toBeGreaterThan(0);
  });

  it('leaves every stored counter equal to the unread messages counted from the messages', () => {
    for (const user of users) {
      const { stored, fromMessages } = checks.get(user.id)!;
      expect(stored.size).toBe(USERS - 1);
      expect(stored).toEqual(fromMessages);
    }
  });

  it('answers each unread total from the counters after the restart', async () => {
    for (const user of users) {
      const total = await call<UnreadMessages>(
        server!.baseUrl,
        'GET',
        '/api/chat/unread',
        undefined,
        user.token,
      );
      expect(total.body).toEqual({ messages: shownTotal(checks.get(user.id)!.fromMessages) });
    }
  });
});
