import {
  type Comment,
  COMMENT_MAX_LENGTH,
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  type FeedPage,
  HTTP_MESSAGES,
  PAGE_MESSAGE,
  type Post,
  POST_IMAGE_MAX_BYTES,
  POST_MAX_LENGTH,
} from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_STORE } from '../src/core/tokens';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const UNKNOWN_ID = 'cccccccccccccccccccccccc';
/** A real 1x1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${(typeof bytes === 'string' ? Buffer.from(bytes) : bytes).toString('base64')}`;

describe('community feed', () => {
  let api: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    api = await startTestApp();
    [ada, bob] = [await api.signUp(), await api.signUp()];
  });
  afterAll(() => api.close());

  const createPost = (user: TestUser | undefined, body: unknown) =>
    api.request<{ post: Post }>('POST', '/api/post', { token: user?.token, body });
  const feedPage = (query = '') => api.request<FeedPage>('GET', `/api/post${query}`);

  it('publishes a post with its author and shows it to visitors at the top of the feed', async () => {
    const created = await createPost(ada, { data: '  Looking for a designer  ' });
    expect(created.status).toBe(201);
    expect(created.body.post).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      data: 'Looking for a designer',
      user: { _id: ada.id, username: ada.username },
      likes: [],
      comments: [],
      commentCount: 0,
      createdAt: expect.any(String),
    });
    const later = await createPost(bob, { data: 'Newer post' });
    const page = await feedPage();
    expect(page.status).toBe(200);
    expect(page.body.posts.slice(0, 2).map((post) => post._id)).toEqual([
      later.body.post._id,
      created.body.post._id,
    ]);
    expect(page.body.posts[1].user).toEqual({ _id: ada.id, username: ada.username });
    expect(page.body.hasMore).toBe(false);
  });

  it(`takes posts up to ${POST_MAX_LENGTH} characters and refuses blank or longer ones (400)`, async () => {
    expect((await createPost(ada, { data: 'x'.repeat(POST_MAX_LENGTH) })).status).toBe(201);
    const cases: [unknown, string][] = [
      [{ data: 'x'.repeat(POST_MAX_LENGTH + 1) }, `A post must be at most ${POST_MAX_LENGTH} characters`],
      [{ data: ' \n\t ' }, FEED_MESSAGES.postRequired],
      [{ data: '' }, FEED_MESSAGES.postRequired],
      [{}, FEED_MESSAGES.postRequired],
      [{ data: 12 }, FEED_MESSAGES.postRequired],
      [{ data: 'hi', likes: [ada.id] }, 'Unknown field: likes'],
    ];
    for (const [body, message] of cases) {
      const answer = await createPost(ada, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body).toMatchObject({ message });
    }
  });

  it('refuses posting, liking and commenting without a valid token (401)', async () => {
    const post = (await createPost(ada, { data: 'Visitors may read this' })).body.post;
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/post', { data: 'hi' }],
      ['POST', `/api/post/${post._id}/like`],
      ['DELETE', `/api/post/${post._id}/like`],
      ['POST', `/api/post/${post._id}/comments`, { data: 'hi' }],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [undefined, 'garbage']) {
        const answer = await api.request(method, path, { body, token });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.message).toBe(HTTP_MESSAGES.unauthorized);
      }
    }
  });

  it('likes and unlikes idempotently, keeping user ids', async () => {
    const post = (await createPost(ada, { data: 'Like me' })).body.post;
    const like = (user: TestUser) => api.request('POST', `/api/post/${post._id}/like`, { token: user.token });
    const unlike = (user: TestUser) =>
      api.request('DELETE', `/api/post/${post._id}/like`, { token: user.token });

    expect(await like(bob)).toMatchObject({ status: 200, body: { likes: [bob.id] } });
    expect((await like(bob)).body).toEqual({ likes: [bob.id] });
    const both = await Promise.all([like(ada), like(ada), like(ada)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const inFeed = (await feedPage()).body.posts.find((item) => item._id === post._id);
    expect(inFeed?.likes).toEqual([bob.id, ada.id]);

    expect(await unlike(bob)).toMatchObject({ status: 200, body: { likes: [ada.id] } });
    expect((await unlike(bob)).body).toEqual({ likes: [ada.id] });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', 'like'],
      ['DELETE', 'like'],
      ['POST', 'comments', { data: 'hello?' }],
      ['GET', 'image'],
    ];
    for (const [method, action, body] of calls) {
      const unknown = await api.request(method, `/api/post/${UNKNOWN_ID}/${action}`, {
        body,
        token: ada.token,
      });
      expect(unknown.status, `${method} ${action}`).toBe(404);
      expect(typeof unknown.body.message).toBe('string');
      const malformed = await api.request(method, `/api/post/not-an-id/${action}`, {
        body,
        token: ada.token,
      });
      expect(malformed.status, `${method} ${action}`).toBe(400);
      expect(malformed.body.message).toBe('Malformed id');
    }
    const unknownLike = await api.request('POST', `/api/post/${UNKNOWN_ID}/like`, { token: ada.token });
    expect(unknownLike.body.message).toBe(FEED_MESSAGES.postNotFound);
  });

  it('appends comments with their author and shows them with the post', async () => {
    const post = (await createPost(ada, { data: 'Comment on me' })).body.post;
    const comment = (user: TestUser, body: unknown) =>
      api.request<{ comment: Comment }>('POST', `/api/post/${post._id}/comments`, {
        token: user.token,
        body,
      });

    const first = await comment(bob, { data: '  Great idea  ' });
    expect(first.status).toBe(201);
    expect(first.body.comment).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      data: 'Great idea',
      user: { _id: bob.id, username: bob.username },
      createdAt: expect.any(String),
    });
    await comment(ada, { data: 'Thanks!' });

    const inFeed = (await feedPage()).body.posts.find((item) => item._id === post._id);
    expect(inFeed?.comments.map((item) => [item.user.username, item.data])).toEqual([
      [bob.username, 'Great idea'],
      [ada.username, 'Thanks!'],
    ]);
    expect(inFeed?.commentCount).toBe(2);

    for (const [body, message] of [
      [{ data: '   ' }, FEED_MESSAGES.commentRequired],
      [{}, FEED_MESSAGES.commentRequired],
      [
        { data: 'x'.repeat(COMMENT_MAX_LENGTH + 1) },
        `A comment must be at most ${COMMENT_MAX_LENGTH} characters`,
      ],
    ] as const) {
      const answer = await comment(bob, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message });
    }
  });

  it('validates the page number (400)', async () => {
    for (const page of ['0', '-1', 'abc', '1.5', '', '1e3']) {
      const answer = await feedPage(`?page=${page}`);
      expect(answer.status, page).toBe(400);
      expect(answer.body).toMatchObject({ message: PAGE_MESSAGE });
    }
  });

  describe('images', () => {
    it('stores an image checked by its bytes and serves it with its own content type', async () => {
      const created = await createPost(ada, {
        data: 'With a picture',
        image: `data:image/png;base64,${PNG_BASE64}`,
      });
      expect(created.status).toBe(201);
      expect(created.body.post.image).toBe(`/api/post/${created.body.post._id}/image`);

      const served = await fetch(`${api.baseUrl}${created.body.post.image}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(PNG_BASE64, 'base64'));

      const withoutImage = (await createPost(ada, { data: 'No picture' })).body.post;
      expect(withoutImage.image).toBeUndefined();
      expect((await api.request('GET', `/api/post/${withoutImage._id}/image`)).status).toBe(404);
    });

    it('refuses files that are not the image type they claim, or not an allowed type (400)', async () => {
      const cases: [string, string][] = [
        [dataUrl('image/png', 'just some text, not a picture'), FEED_MESSAGES.imageContentMismatch],
        [`data:image/jpeg;base64,${PNG_BASE64}`, FEED_MESSAGES.imageContentMismatch],
        [dataUrl('image/png', ''), FEED_MESSAGES.imageContentMismatch],
        [
          dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
          FEED_MESSAGES.imageTypeNotAllowed,
        ],
        [dataUrl('text/html', '<script>alert(1)</script>'), FEED_MESSAGES.imageTypeNotAllowed],
        ['picture.png', FEED_MESSAGES.imageTypeNotAllowed],
        ['data:image/png;base64,not base64!', FEED_MESSAGES.imageTypeNotAllowed],
      ];
      for (const [image, message] of cases) {
        const answer = await createPost(ada, { data: 'Look', image });
        expect(answer.status, image.slice(0, 40)).toBe(400);
        expect(answer.body).toMatchObject({ message });
      }
    });

    it('takes an image up to 2 MB and refuses a bigger one with a clear message', async () => {
      const png = Buffer.from(PNG_BASE64, 'base64');
      const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
      const largest = await createPost(bob, {
        data: 'Big',
        image: dataUrl('image/png', padded(POST_IMAGE_MAX_BYTES)),
      });
      expect(largest.status).toBe(201);

      const tooBig = await createPost(bob, {
        data: 'Bigger',
        image: dataUrl('image/png', padded(POST_IMAGE_MAX_BYTES + 1)),
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body).toMatchObject({ message: 'The image must be at most 2 MB.' });

      const farTooBig = await createPost(bob, {
        data: 'Huge',
        image: dataUrl('image/png', padded(4 * POST_IMAGE_MAX_BYTES)),
      });
      expect(farTooBig.status).toBe(413);
      expect(farTooBig.body).toMatchObject({ message: HTTP_MESSAGES.payloadTooLarge });
    });
  });
});

describe('feed pages', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it(`serves ${FEED_PAGE_SIZE} posts per page, newest first, with hasMore while pages remain`, async () => {
    expect((await api.request('GET', '/api/post')).body).toEqual({ posts: [], hasMore: false });

    const author = await api.signUp();
    const total = FEED_PAGE_SIZE * 2 + 3;
    for (let n = 1; n <= total; n += 1) {
      const created = await api.request('POST', '/api/post', {
        token: author.token,
        body: { data: `post ${n}` },
      });
      expect(created.status).toBe(201);
    }
    const texts = async (page: number) => {
      const answer = await api.request<FeedPage>('GET', `/api/post?page=${page}`);
      expect(answer.status).toBe(200);
      return { texts: answer.body.posts.map((post) => post.data), hasMore: answer.body.hasMore };
    };
    const newest = Array.from({ length: total }, (_, i) => `post ${total - i}`);
    expect(await texts(1)).toEqual({ texts: newest.slice(0, FEED_PAGE_SIZE), hasMore: true });
    expect(await texts(2)).toEqual({
      texts: newest.slice(FEED_PAGE_SIZE, 2 * FEED_PAGE_SIZE),
      hasMore: true,
    });
    expect(await texts(3)).toEqual({ texts: newest.slice(2 * FEED_PAGE_SIZE), hasMore: false });
    expect(await texts(4)).toEqual({ texts: [], hasMore: false });
    const unnumbered = await api.request<FeedPage>('GET', '/api/post');
    expect(unnumbered.body.posts.map((post) => post.data)).toEqual(newest.slice(0, FEED_PAGE_SIZE));
  });
});

describe('stored posts and comments that no longer read', () => {
  it('leaves them out of the feed instead of failing it', async () => {
    const api = await startTestApp();
    try {
      const ada = await api.signUp();
      const good = await api.request<{ post: Post }>('POST', '/api/post', {
        token: ada.token,
        body: { data: 'Hi' },
      });
      await api.request('POST', `/api/post/${good.body.post._id}/comments`, {
        token: ada.token,
        body: { data: 'Welcome' },
      });
      const store = api.app.get<RecordStore>(RECORD_STORE);
      const [badPost, badComment] = [newId(), newId()];
      await store.collection(COLLECTIONS.posts).insert({ _id: badPost, data: null, likes: null } as never);
      await store.collection(COLLECTIONS.comments).insert({
        _id: badComment,
        postId: good.body.post._id,
        data: 5,
        createdAt: new Date().toISOString(),
      } as never);

      const page = await api.request<FeedPage>('GET', '/api/post');
      expect(page.status).toBe(200);
      expect(page.body.posts.map((post) => post._id)).toEqual([good.body.post._id]);
      expect(page.body.posts[0].comments.map((comment) => comment.data)).toEqual(['Welcome']);
    } finally {
      await api.close();
    }
  });
});
