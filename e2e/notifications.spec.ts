import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, createAccount, openAs, openSignedIn, userIdOf } from './support/accounts';

/** Pushed counts arrive well within this; a badge that only refreshed on navigation would not. */
const PUSH_BOUND_MS = 2_000;

const sendMessage = async (request: APIRequestContext, from: Account, to: Account, text: string) => {
  const answer = await request.post('/api/chat/sendMessage', {
    headers: { authorization: `Bearer ${from.token}` },
    data: { id: userIdOf(to), message: text },
  });
  expect(answer.status(), await answer.text()).toBe(201);
};

/** Holds the page's socket.io requests until the returned function is called: the live channel connects then. */
const holdLiveChannel = async (page: Page): Promise<() => void> => {
  let connect!: () => void;
  const connectable = new Promise<void>((resolve) => (connect = resolve));
  await page.route('**/socket.io/**', async (route) => {
    await connectable;
    await route.continue();
  });
  return connect;
};

const topBar = (page: Page) => page.getByRole('banner');
const accountLink = (page: Page) => topBar(page).getByRole('link', { name: /^My Account/ });

test('two users chat: the My Account badge counts live, clears on reading, and the sender sees "Seen"', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  const benPage = await openAs(browser, ben, '/projects');
  await expect(accountLink(benPage)).toHaveText('My Account');

  await sendMessage(request, ann, ben, 'Hello Ben');
  await expect(accountLink(benPage)).toHaveText('My Account1 unread', { timeout: PUSH_BOUND_MS });
  await sendMessage(request, ann, ben, 'Are you free this week?');
  await expect(accountLink(benPage)).toHaveText('My Account2 unread', { timeout: PUSH_BOUND_MS });

  const annPage = await openAs(browser, ann, `/conversations?friendId=${userIdOf(ben)}`);
  const annLog = annPage.getByRole('log');
  const lastSent = annLog.getByRole('listitem').filter({ hasText: 'Are you free this week?' });
  await expect(lastSent).toBeVisible();
  await expect(annLog.getByText('Seen', { exact: true })).toHaveCount(0);

  // Ben opens his conversations: the first one is chosen and read, so the badge clears and Ann sees "Seen".
  await accountLink(benPage).click();
  await expect(benPage.getByRole('log').getByText('Are you free this week?')).toBeVisible();
  await expect(accountLink(benPage)).toHaveText('My Account', { timeout: PUSH_BOUND_MS });
  await expect(lastSent.getByText('Seen', { exact: true })).toBeVisible({ timeout: PUSH_BOUND_MS });

  // "Seen" is stored: it is still there after a reload.
  await annPage.reload();
  await expect(
    annPage
      .getByRole('log')
      .getByRole('listitem')
      .filter({ hasText: 'Are you free this week?' })
      .getByText('Seen'),
  ).toBeVisible();
});

test('a message that arrives before the live channel connects still shows on the badge', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  const benPage = await (await browser.newContext()).newPage();
  // The live channel's first requests wait until the message is sent.
  const connect = await holdLiveChannel(benPage);
  const countsRead = benPage.waitForResponse('**/api/chat/unread');
  await openSignedIn(benPage, ben, '/projects');
  await countsRead;
  await expect(accountLink(benPage)).toHaveText('My Account');

  await sendMessage(request, ann, ben, 'Sent before the channel connected');
  connect();
  await expect(accountLink(benPage)).toHaveText('My Account1 unread', { timeout: PUSH_BOUND_MS });
});

test('likes and comments on my post ring the bell live; mark all read clears it', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  const created = await request.post('/api/post', {
    headers: { authorization: `Bearer ${ben.token}` },
    data: { data: 'Looking for a designer' },
  });
  const { post } = (await created.json()) as { post: { _id: string } };
  const benPage = await openAs(browser, ben, '/projects');
  const bell = topBar(benPage).getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  const asAnn = { headers: { authorization: `Bearer ${ann.token}` } };
  await request.post(`/api/post/${post._id}/like`, asAnn);
  await request.post(`/api/post/${post._id}/comments`, { ...asAnn, data: { data: 'I can help!' } });
  await expect(bell.getByTestId('unread-badge')).toHaveText('2 unread', { timeout: PUSH_BOUND_MS });
  await expect(accountLink(benPage)).toHaveText('My Account2 unread');

  await bell.click();
  const panel = benPage.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('listitem')).toHaveText([
    new RegExp(`${ann.username} commented on your post: I can help!`),
    new RegExp(`${ann.username} liked your post`),
  ]);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell.getByTestId('unread-badge')).toHaveCount(0);
  await expect(accountLink(benPage)).toHaveText('My Account');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('a long conversation opens on its latest messages and loads older ones on scrolling up', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  for (let n = 0; n < 45; n += 1) await sendMessage(request, ann, ben, `note ${n}`);
  const benPage = await openAs(browser, ben, `/conversations?friendId=${userIdOf(ann)}`);
  const log = benPage.getByRole('log');
  await expect(log.getByText('note 44', { exact: true })).toBeVisible();
  await expect(log.getByText('note 0', { exact: true })).toHaveCount(0);

  await log.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(log.getByText('note 0', { exact: true })).toHaveCount(1);
  await expect(log.getByRole('listitem')).toHaveCount(45);
  await expect(log.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
});

test('a message that arrives before the live channel connects still shows in the open conversation', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  await sendMessage(request, ann, ben, 'First note');
  const benPage = await (await browser.newContext()).newPage();
  const connect = await holdLiveChannel(benPage);
  await openSignedIn(benPage, ben, `/conversations?friendId=${userIdOf(ann)}`);
  const log = benPage.getByRole('log');
  await expect(log.getByText('First note', { exact: true })).toBeVisible();

  await sendMessage(request, ann, ben, 'Second note, before the channel connected');
  connect();
  await expect(log.getByText('Second note, before the channel connected', { exact: true })).toBeVisible({
    timeout: PUSH_BOUND_MS,
  });
});
