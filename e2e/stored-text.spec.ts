import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type Account, createAccount, openSignedIn } from './support/accounts';
import { createProfile, createProject, uniqueName } from './support/listings';

/**
 * Stored text is shown as text (OWASP API Security Top 10 2023 API8, ASVS 4.0.3 §5.3): every field below
 * holds markup that would set `window.__xss` if the web app ever parsed it as HTML. The page's
 * Content-Security-Policy would also stop inline handlers from running, so the test does not rely on
 * `window.__xss` alone: it also shows that no element from the payload reached the DOM and that the
 * markup is on screen as literal characters.
 */
const payload = (where: string) => ({
  img: `<img src=x onerror="window.__xss='${where}'">`,
  script: `<script>window.__xss='${where}'</script>`,
  svg: `<svg onload="window.__xss='${where}'"></svg>`,
});

declare global {
  interface Window {
    __xss?: string;
  }
}

const authorised = (account: Account) => ({ authorization: `Bearer ${account.token}` });

const userIdOf = (account: Account): string =>
  (JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

/** Elements the payloads would create if they were parsed as HTML. */
const injectedElements = (page: Page) =>
  page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: Array.from(document.querySelectorAll('script')).filter((script) => script.text.includes('__xss'))
      .length,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
  }));

/** No script ran, and nothing the payloads would have created exists in the document. */
const expectNothingRan = async (page: Page) => {
  // Give a parsed `<img src=x>` time to fail loading and fire its handler.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await injectedElements(page)).toEqual({ images: 0, scripts: 0, handlers: 0 });
};

const post = async (request: APIRequestContext, path: string, account: Account, data: unknown) => {
  const answer = await request.post(path, { headers: authorised(account), data });
  expect(answer.status(), await answer.text()).toBe(201);
  return answer.json() as Promise<Record<string, { _id: string }>>;
};

const openAs = async (browser: Browser, account: Account, path: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, path);
  return page;
};

test('the probe works: the same payloads run when a page does parse them as HTML', async ({ page }) => {
  // Without this, a payload that could never fire would make every check below pass.
  const { img, script } = payload('control');
  await page.setContent(`<main>${img}</main>`);
  await expect.poll(() => page.evaluate(() => window.__xss)).toBe('control');
  expect(await injectedElements(page)).toEqual({ images: 1, scripts: 0, handlers: 1 });
  await page.setContent(`<main>${script}</main>`);
  await expect.poll(() => page.evaluate(() => window.__xss)).toBe('control');
  expect(await injectedElements(page)).toEqual({ images: 0, scripts: 1, handlers: 0 });
});

test('markup stored in a project and a profile shows as text on the detail pages and the cards', async ({
  browser,
  page,
  request,
}) => {
  const [owner, reader] = await Promise.all([createAccount(request), createAccount(request)]);
  const marker = uniqueName('Stored');
  const projectName = `${marker} ${payload('project name').img}`;
  const description = `${payload('project description').script} ${payload('project description').img}`;
  const projectGoal = payload('project goal').svg;
  const project = await createProject(request, owner, { projectName, description, projectGoal });
  const profileDescription = `${payload('profile').script}${payload('profile').img}`;
  const profile = await createProfile(request, owner, {
    nickname: `${uniqueName('nick')}<b>bold</b>`,
    description: profileDescription,
  });

  // A visitor on the project page.
  await page.goto(`/projects/${project._id}`);
  await expect(page.getByText(projectName, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(description, { exact: true })).toBeVisible();
  await expect(page.getByText(projectGoal, { exact: true })).toBeVisible();
  await expectNothingRan(page);

  // A signed-in reader on the profile page.
  const readerPage = await openAs(browser, reader, `/teammates/${profile._id}`);
  await expect(readerPage.getByText(profileDescription, { exact: true })).toBeVisible();
  await expect(readerPage.getByText('<b>bold</b>', { exact: false }).first()).toBeVisible();
  expect(await readerPage.locator('b', { hasText: 'bold' }).count()).toBe(0);
  await expectNothingRan(readerPage);

  // The owner's cards: the name is cut short on the card and kept whole in the link's title.
  await openSignedIn(page, owner, '/projects/my');
  const card = page.getByRole('article', { name: projectName });
  await expect(card.getByRole('heading', { level: 2 }).getByRole('link')).toHaveAttribute(
    'title',
    projectName,
  );
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(`${projectName.slice(0, 27)}...`);
  await expectNothingRan(page);
});

test('markup stored in a post, a comment and a chat message shows as text in the feed and the conversation', async ({
  browser,
  request,
}) => {
  const [author, friend] = await Promise.all([createAccount(request), createAccount(request)]);
  const marker = uniqueName('Feed');
  const postText = `${marker} ${payload('post').img}${payload('post').script}`;
  const commentText = `${payload('comment').svg} ${payload('comment').img}`;
  const messageText = `${payload('message').img} ${payload('message').script}`;
  const created = await post(request, '/api/post', author, { data: postText });
  await post(request, `/api/post/${created.post._id}/comments`, friend, { data: commentText });
  await post(request, '/api/chat/sendMessage', author, { id: userIdOf(friend), message: messageText });

  const feedPage = await openAs(browser, friend, '/feed');
  const card = feedPage.getByRole('article').filter({ hasText: marker });
  await expect(card.getByText(postText, { exact: true })).toBeVisible();
  await expect(card.getByText(commentText, { exact: true })).toBeVisible();
  await expectNothingRan(feedPage);

  const chatPage = await openAs(browser, friend, `/conversations?friendId=${userIdOf(author)}`);
  const log = chatPage.getByRole('log');
  await expect(log.getByRole('listitem').filter({ hasText: messageText })).toBeVisible();
  // The conversation list previews the last message too.
  await expect(
    chatPage
      .getByRole('button', { name: new RegExp(author.username) })
      .getByText(messageText, { exact: false }),
  ).toBeVisible();
  await expectNothingRan(chatPage);
});
