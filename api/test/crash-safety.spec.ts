import { ADMIN_TOKEN_FILE, type AdminStats } from '@skillers/domain';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
import { projectBody, profileBody } from './listing-fixtures';

/** Clients writing at the same time, each with its own account. */
const CLIENTS = 6;
/** Each client writes to this many others: unconfirmed accounts start at most 3 conversations a day. */
const FRIENDS_EACH = 3;
/** The server is killed as soon as this many writes of the concurrent phase have been acknowledged. */
const ACKNOWLEDGED_BEFORE_KILL = 150;
const PASSWORD = 'crash-safety-password';
const PROJECT_TOOL = 'React';
const PROFILE_TOOL = 'Figma';

interface Account {
  id: string;
  email: string;
  token: string;
}

interface SentMessage {
  id: string;
  text: string;
  senderToken: string;
  friendId: string;
}

/** Every write the server answered with a 2xx, by kind. */
interface Acknowledged {
  users: { email: string }[];
  projects: string[];
  profiles: string[];
  messages: SentMessage[];
}

describe('crash safety of the embedded profile', () => {
  let dataDir: string;
  let server: Running | undefined;
  const acknowledged: Acknowledged = { users: [], projects: [], profiles: [], messages: [] };
  let inFlightAtKill = 0;
  let acknowledgedAfterKill = 0;

  const signUp = async (baseUrl: string, name: string): Promise<Account> => {
    const { email, token } = await signUpOn(baseUrl, name, PASSWORD);
    acknowledged.users.push({ email });
    return { id: tokenOwner(token), email, token };
  };

  beforeAll(async () => {
    if (!existsSync(BUILT_SERVER)) {
      throw new Error(`${BUILT_SERVER} is missing: run "npm run build:server" first (npm test does).`);
    }
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-crash-'));
    server = await startServer(dataDir);
    const { baseUrl } = server;

    const clients: Account[] = [];
    for (let client = 0; client < CLIENTS; client += 1) {
      clients.push(await signUp(baseUrl, `writer${client}`));
    }

    // The concurrent phase: each client repeats a mix of writes until the server is killed.
    let killed = false;
    let inFlight = 0;
    let counted = 0;
    const acknowledge = () => {
      if (killed) {
        acknowledgedAfterKill += 1;
        return;
      }
      counted += 1;
      if (counted >= ACKNOWLEDGED_BEFORE_KILL) {
        killed = true;
        // The other clients' requests are still in flight: the kill lands in the middle of them.
        inFlightAtKill = inFlight;
        server!.child.kill('SIGKILL');
      }
    };
    /** One request, counted as in flight until its answer arrives. */
    const write = async <T>(method: string, path: string, body: unknown, token?: string) => {
      inFlight += 1;
      try {
        return await call<T>(baseUrl, method, path, body, token);
      } finally {
        inFlight -= 1;
      }
    };
    const runClient = async (me: Account, index: number) => {
      for (let round = 0; !killed; round += 1) {
        const step = round % 4;
        if (step === 0 || step === 2) {
          const friend = clients[(index + 1 + (round % FRIENDS_EACH)) % CLIENTS];
          const text = `message ${index}-${round}`;
          const sent = await write<{ message: { _id: string } }>(
            'POST',
            '/api/chat/sendMessage',
            { id: friend.id, message: text },
            me.token,
          );
          if (sent.status !== 201) throw new Error(`message refused: ${sent.status}`);
          acknowledged.messages.push({
            id: sent.body.message._id,
            text,
            senderToken: me.token,
            friendId: friend.id,
          });
          acknowledge();
        } else if (step === 1) {
          const created = await write<{ project: { _id: string } }>(
            'POST',
            '/api/project',
            projectBody({
              projectName: `Crash test project ${index}-${round}`,
              toolsExperience: [{ tool: PROJECT_TOOL, mep: 3 }],
            }),
            me.token,
          );
          if (created.status !== 201) throw new Error(`project refused: ${created.status}`);
          acknowledged.projects.push(created.body.project._id);
          acknowledge();
        } else {
          // A new member signs up, logs in and creates a profile: three requests, two writes.
          const name = `member${index}x${round}`;
          const email = `${name}@example.com`;
          const signup = await write('POST', '/api/auth/signup', {
            username: name,
            email,
            password: PASSWORD,
          });
          if (signup.status !== 201) throw new Error(`sign-up refused: ${signup.status}`);
          acknowledged.users.push({ email });
          acknowledge();
          if (killed) return;
          const login = await write<{ token: string }>('POST', '/api/auth/login', {
            email,
            password: PASSWORD,
          });
          if (login.status !== 200) throw new Error(`login refused: ${login.status}`);
          const created = await write<{ teammate: { _id: string } }>(
            'POST',
            '/api/teammate',
            profileBody({ nickname: name, toolsExperience: [{ tool: PROFILE_TOOL, mep: 4 }] }),
            login.body.token,
          );
          if (created.status !== 201) throw new Error(`profile refused: ${created.status}`);
          acknowledged.profiles.push(created.body.teammate._id);
          acknowledge();
        }
      }
    };
    const outcomes = await Promise.allSettled(clients.map((client, index) => runClient(client, index)));
    // Before the kill every write must succeed; after it, requests fail with a refused or reset connection.
    const early = outcomes.find(
      (outcome) => outcome.status === 'rejected' && !String(outcome.reason).includes('fetch failed'),
    );
    if (early?.status === 'rejected') throw early.reason;
    expect(killed).toBe(true);
    await exited(server!);
    expect(server.child.signalCode).toBe('SIGKILL');

    server = await startServer(dataDir);
  }, 180_000);

  afterAll(async () => {
    await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const found = { users: 0, projects: 0, profiles: 0, messages: 0 };

  it('lets every acknowledged user log in after the restart', async () => {
    for (const { email } of acknowledged.users) {
      const login = await call(server!.baseUrl, 'POST', '/api/auth/login', { email, password: PASSWORD });
      if (login.status === 200) found.users += 1;
    }
    expect(found.users).toBe(acknowledged.users.length);
  });

  it('reads every acknowledged project and profile back by id', async () => {
    for (const id of acknowledged.projects) {
      if ((await call(server!.baseUrl, 'GET', `/api/project/${id}`)).status === 200) found.projects += 1;
    }
    for (const id of acknowledged.profiles) {
      if ((await call(server!.baseUrl, 'GET', `/api/teammate/${id}`)).status === 200) found.profiles += 1;
    }
    expect(found.projects).toBe(acknowledged.projects.length);
    expect(found.profiles).toBe(acknowledged.profiles.length);
  });

  it('shows every acknowledged message in its conversation, with tokens issued before the crash', async () => {
    const conversations = new Map<string, SentMessage[]>();
    for (const message of acknowledged.messages) {
      const key = `${tokenOwner(message.senderToken)}:${message.friendId}`;
      conversations.set(key, [...(conversations.get(key) ?? []), message]);
    }
    for (const messages of conversations.values()) {
      const { senderToken, friendId } = messages[0];
      const answer = await call<{ conversation: { messages: { _id: string; message: string }[] } }>(
        server!.baseUrl,
        'GET',
        `/api/chat/conversation?friendId=${friendId}`,
        undefined,
        senderToken,
      );
      expect(answer.status).toBe(200);
      const stored = new Map(
        answer.body.conversation.messages.map((message) => [message._id, message.message]),
      );
      found.messages += messages.filter((message) => stored.get(message.id) === message.text).length;
    }
    expect(found.messages).toBe(acknowledged.messages.length);
  });

  it('has a search index that agrees with the store, every acknowledged listing findable', async () => {
    const { baseUrl } = server!;
    const adminToken = readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim();
    const stats = await call<AdminStats>(baseUrl, 'GET', '/api/admin/stats', undefined, adminToken);
    expect(stats.status).toBe(200);
    expect(stats.body.index.documents).toEqual({
      project: stats.body.store.projects,
      teammate: stats.body.store.teammates,
    });
    expect(stats.body.store.projects).toBeGreaterThanOrEqual(acknowledged.projects.length);
    expect(stats.body.store.teammates).toBeGreaterThanOrEqual(acknowledged.profiles.length);

    // Every stored project and profile carries the filtered tool, so the filter must find them all.
    const searched = async (kind: 'project' | 'teammate') => {
      const ids = new Set<string>();
      let total = 0;
      for (let page = 1; ; page += 1) {
        const answer =
          kind === 'project'
            ? await call<{ items: { _id: string }[]; total: number; pages: number }>(
                baseUrl,
                'POST',
                '/api/project/traditional_filtering_all',
                { activeFilters: { toolsExperience: [PROJECT_TOOL] }, page },
              )
            : await call<{ teammates: { _id: string }[]; total: number; teammatesPages: number }>(
                baseUrl,
                'POST',
                '/api/teammate/traditional_filtering',
                { activeFilters: { toolsExperience: [PROFILE_TOOL] }, page },
              );
        expect(answer.status).toBe(200);
        const body = answer.body as {
          items?: { _id: string }[];
          teammates?: { _id: string }[];
          total: number;
        };
        const items = body.items ?? body.teammates ?? [];
        total = body.total;
        for (const item of items) ids.add(item._id);
        if (items.length === 0 || ids.size >= total) break;
      }
      return { ids, total };
    };
    const projects = await searched('project');
    const profiles = await searched('teammate');
    expect(projects.total).toBe(stats.body.store.projects);
    expect(profiles.total).toBe(stats.body.store.teammates);
    expect(acknowledged.projects.filter((id) => !projects.ids.has(id))).toEqual([]);
    expect(acknowledged.profiles.filter((id) => !profiles.ids.has(id))).toEqual([]);

    console.log(
      `Crash safety: killed with ${inFlightAtKill} requests in flight (${acknowledgedAfterKill} more answered as it died); ` +
        `acknowledged/found: users ${acknowledged.users.length}/${found.users}, ` +
        `projects ${acknowledged.projects.length}/${found.projects}, ` +
        `profiles ${acknowledged.profiles.length}/${found.profiles}, ` +
        `messages ${acknowledged.messages.length}/${found.messages}; ` +
        `index ${stats.body.index.documents.project} projects and ${stats.body.index.documents.teammate} profiles, ` +
        `store ${stats.body.store.projects} and ${stats.body.store.teammates}.`,
    );
  });

  it('keeps indexing new writes after the restart', async () => {
    const { baseUrl } = server!;
    const author = await signUp(baseUrl, 'afterrestart');
    const created = await call<{ project: { _id: string } }>(
      baseUrl,
      'POST',
      '/api/project',
      projectBody({
        projectName: 'Written after the restart',
        toolsExperience: [{ tool: 'Kotlin', mep: 2 }],
      }),
      author.token,
    );
    expect(created.status).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await call<{ items: { _id: string }[] }>(
              baseUrl,
              'POST',
              '/api/project/traditional_filtering_all',
              {
                activeFilters: { toolsExperience: ['Kotlin'] },
              },
            )
          ).body.items.map((item) => item._id),
        { timeout: 10_000 },
      )
      .toEqual([created.body.project._id]);
  });
});
