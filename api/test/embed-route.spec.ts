import {
  ANONYMOUS_EMBED_TEXTS_MAX,
  ANONYMOUS_EMBED_TEXTS_MESSAGE,
  HTTP_MESSAGES,
  PUBLIC_EMBED_CHARACTERS_MAX,
  PUBLIC_EMBED_TEXTS_MAX,
  SIMILARITY_TEXT_MAX_LENGTH,
} from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_EMBED_LIMIT } from '../src/common/rate-limits';
import { startTestApp, type TestApp, type TestUser } from './test-app';

/** A text as long as one may be, different for each `n` so no cache answers it. */
const longText = (n: number) =>
  `text ${n} ${'collaboration marketplace '.repeat(100)}`.slice(0, SIMILARITY_TEXT_MAX_LENGTH);

/** Starts timing the gaps between turns of this thread's event loop; the returned function stops and gives the longest. */
const watchStalls = (): (() => number) => {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
};

describe('POST /embedder/embed on the shared model', () => {
  let api: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    api = await startTestApp({ TRUST_PROXY: 'loopback' });
    user = await api.signUp();
  });
  afterAll(() => api.close());

  const embed = (texts: string[], options: { token?: string; address?: string } = {}) =>
    api.request<{ vectors?: number[][]; message: string }>('POST', '/embedder/embed', {
      body: { texts },
      token: options.token,
      headers: { 'x-forwarded-for': options.address ?? '203.0.113.1' },
    });

  it('answers a signed-in caller up to the caps, and 400 naming the cap past them', async () => {
    const most = Array.from({ length: PUBLIC_EMBED_TEXTS_MAX }, (_, n) => `short text ${n}`);
    const answered = await embed(most, { token: user.token });
    expect(answered.status).toBe(200);
    expect(answered.body.vectors).toHaveLength(PUBLIC_EMBED_TEXTS_MAX);

    const tooMany = await embed([...most, 'one more'], { token: user.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(`Give at most ${PUBLIC_EMBED_TEXTS_MAX} texts`);

    const count = Math.floor(PUBLIC_EMBED_CHARACTERS_MAX / SIMILARITY_TEXT_MAX_LENGTH) + 1;
    const tooLong = await embed(
      Array.from({ length: count }, (_, n) => longText(n)),
      { token: user.token },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(
      `The texts must be at most ${PUBLIC_EMBED_CHARACTERS_MAX} characters together`,
    );
  });

  it('gives visitors small calls and a small allowance per address', async () => {
    const texts = Array.from({ length: ANONYMOUS_EMBED_TEXTS_MAX }, (_, n) => `visitor text ${n}`);
    const tooMany = await embed([...texts, 'one more'], { address: '203.0.113.2' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(ANONYMOUS_EMBED_TEXTS_MESSAGE);

    const answers = await Promise.all(
      Array.from({ length: ANONYMOUS_EMBED_LIMIT.points + 5 }, () =>
        embed(texts, { address: '203.0.113.3' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(ANONYMOUS_EMBED_LIMIT.points);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(HTTP_MESSAGES.tooManyRequests);
    }
    // Another address, and a signed-in caller from the spent one, are not affected.
    expect((await embed(texts, { address: '203.0.113.4' })).status).toBe(200);
    expect((await embed(texts, { address: '203.0.113.3', token: user.token })).status).toBe(200);
  });

  it('keeps the event loop turning while long texts are embedded', async () => {
    const perCall = Math.floor(PUBLIC_EMBED_CHARACTERS_MAX / SIMILARITY_TEXT_MAX_LENGTH);
    /** One call of long texts; answers the longest stall of this thread and how long the call took. */
    const round = async (r: number) => {
      const texts = Array.from({ length: perCall }, (_, n) => longText(r * 100 + n));
      const started = performance.now();
      const stopWatching = watchStalls();
      const answer = await embed(texts, { token: user.token, address: `203.0.113.${10 + r}` });
      const stallMs = stopWatching();
      expect(answer.status).toBe(200);
      return { stallMs, elapsedMs: performance.now() - started };
    };
    const rounds = [];
    for (let r = 0; r < 5; r += 1) rounds.push(await round(r));
    // The model takes hundreds of milliseconds over these texts: run in this thread, it would stall the
    // loop for most of each call. Other processes on the machine can stall a round too, so the quietest
    // round is the one judged.
    const quietest = rounds.reduce((best, next) =>
      next.stallMs / next.elapsedMs < best.stallMs / best.elapsedMs ? next : best,
    );
    expect(quietest.stallMs).toBeLessThan(quietest.elapsedMs / 2);
  });
});
