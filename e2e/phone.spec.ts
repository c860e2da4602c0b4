import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminToken, createAccount, openAs, openSignedIn, userIdOf } from './support/accounts';
import { chatOf } from './support/chat';
import { createProject, uniqueName } from './support/listings';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const SCREEN_WIDTH = 390;

/** Whether the whole box lies inside the screen's width, without scrolling the page sideways. */
const isWithinScreen = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= SCREEN_WIDTH;
};

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('on a phone the bell and the messages link stay in the top bar, and the bell opens the notifications', async ({
  page,
  request,
}) => {
  const [ann, ben] = [await createAccount(request), await createAccount(request)];
  const created = await request.post('/api/post', {
    headers: { authorization: `Bearer ${ben.token}` },
    data: { data: 'Looking for a designer' },
  });
  const { post } = (await created.json()) as { post: { _id: string } };
  await request.post(`/api/post/${post._id}/like`, { headers: { authorization: `Bearer ${ann.token}` } });

  await openSignedIn(page, ben, '/projects');
  const topBar = page.getByRole('banner');
  const bell = topBar.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('unread-badge')).toHaveText('1 unread');
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('listitem')).toHaveText([new RegExp(`${ann.username} liked your post`)]);
  expect(await isWithinScreen(panel)).toBe(true);
  await page.keyboard.press('Escape');

  await topBar.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL('/conversations');

  // On a wide screen My Account leads to the messages, so the bar shows no second way there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bell).toBeVisible();
  await expect(topBar.getByRole('link', { name: 'Messages' })).toBeHidden();
});

test('on a phone the chat header shows the whole name of the other person', async ({ browser, request }) => {
  const [ann, ben] = [await createAccount(request), await createAccount(request)];
  const sent = await request.post('/api/chat/sendMessage', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { id: userIdOf(ben), message: 'Hello from a phone' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  const benPage = await openAs(browser, ben, '/conversations');
  await benPage.setViewportSize({ width: SCREEN_WIDTH, height: 844 });
  await chatOf(benPage)
    .list.getByRole('button', { name: new RegExp(ann.username) })
    .click();
  const title = benPage.getByRole('heading', { level: 2, name: ann.username });
  await expect(title).toBeVisible();
  expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await isWithinScreen(title)).toBe(true);
});

test('on a phone the reports table keeps its actions on screen', async ({ page, request }) => {
  const [owner, reporter] = [await createAccount(request), await createAccount(request)];
  const projectName = uniqueName('Reported on a phone');
  const project = await createProject(request, owner, { projectName });
  const reportText = uniqueName('Spam seen on a phone');
  const filed = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { targetKind: 'project', targetId: project._id, reason: 'spam', text: reportText },
  });
  expect(filed.status(), await filed.text()).toBe(201);

  await page.goto('/admin/reports');
  await page.getByLabel('Admin token').fill(adminToken());
  await page.getByRole('button', { name: 'Open reports' }).click();
  const row = page.getByRole('table', { name: 'Reports' }).getByRole('row').filter({ hasText: reportText });
  const hide = row.getByRole('button', { name: 'Hide item' });
  await hide.scrollIntoViewIfNeeded();
  expect(await isWithinScreen(hide)).toBe(true);
  expect(await isWithinScreen(row.getByRole('button', { name: 'Dismiss' }))).toBe(true);
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('on a phone a long username in the greeting breaks instead of widening the page', async ({
  page,
  request,
}) => {
  const longName = `a${'longname'.repeat(4)}xyz`;
  const email = `${longName}@example.com`;
  const password = 'correct-horse-battery';
  expect(
    (await request.post('/api/auth/signup', { data: { username: longName, email, password } })).status(),
  ).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email, password } });
  const { token } = (await login.json()) as { token: string };
  await openSignedIn(page, { username: longName, email, password, token }, '/');
  await expect(page.getByRole('heading', { name: `Hello, ${longName}!` })).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
});
