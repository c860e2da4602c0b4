import { expect, test } from '@playwright/test';
import type { AdminReportList } from '@skillers/domain';
import { adminToken, createAccount, openAs, openSignedIn, userIdOf } from './support/accounts';
import { chatOf } from './support/chat';
import { createProject, uniqueName } from './support/listings';

/** Pushed messages arrive well within this. */
const PUSH_BOUND_MS = 2_000;

test('a blocked user’s messages never reach the blocker, and nothing tells them they were blocked', async ({
  browser,
  request,
}) => {
  const [ann, ben] = await Promise.all([createAccount(request), createAccount(request)]);
  const first = await request.post('/api/chat/sendMessage', {
    headers: { authorization: `Bearer ${ben.token}` },
    data: { id: userIdOf(ann), message: 'Hi Ann, got a minute?' },
  });
  expect(first.status()).toBe(201);

  const annPage = await openAs(browser, ann, `/conversations?friendId=${userIdOf(ben)}`);
  const annChat = chatOf(annPage);
  await expect(annChat.log.getByText('Hi Ann, got a minute?')).toBeVisible();
  await annPage.getByRole('button', { name: 'Block', exact: true }).click();
  const confirm = annPage.getByRole('dialog', { name: `Block ${ben.username}?` });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(annPage.getByRole('button', { name: 'Unblock' })).toBeVisible();
  // The blocked user's messages and the conversation itself leave the blocker's screen.
  await expect(annChat.log.getByText('Hi Ann, got a minute?')).toBeHidden();
  await expect(annChat.list.getByRole('button', { name: new RegExp(ben.username) })).toHaveCount(0);

  // Ben writes as usual: his message looks sent, with no refusal anywhere on his screen.
  const benPage = await openAs(browser, ben, `/conversations?friendId=${userIdOf(ann)}`);
  const benChat = chatOf(benPage);
  await expect(benChat.log.getByText('Hi Ann, got a minute?')).toBeVisible();
  await benChat.input.fill('Ann, are you there?');
  await benChat.send.click();
  await expect(benChat.input).toHaveValue('');
  await expect(benChat.log.getByText('Ann, are you there?')).toBeVisible();
  await expect(benPage.getByRole('alert')).toHaveCount(0);
  await expect(benPage.getByRole('button', { name: 'Unblock' })).toHaveCount(0);

  // Nothing reaches Ann: not live, and not after a reload either.
  await annPage.waitForTimeout(PUSH_BOUND_MS);
  await expect(annChat.log.getByText('Ann, are you there?')).toHaveCount(0);
  await annPage.goto('/conversations');
  await expect(annChat.list.getByText('No messages', { exact: true })).toBeVisible();

  // Ann cannot write to him either while he is blocked, and is told why.
  await annPage.goto(`/conversations?friendId=${userIdOf(ben)}`);
  await annChat.input.fill('One last thing');
  await annChat.send.click();
  await expect(annPage.getByRole('alert')).toHaveText(
    'You have blocked this user. Unblock them to send a message.',
  );
});

test('a project is reported from its page with a reason, and lands in the admin queue', async ({
  page,
  request,
}) => {
  const [owner, reader] = await Promise.all([createAccount(request), createAccount(request)]);
  const projectName = uniqueName('Reported project');
  const project = await createProject(request, owner, { projectName });

  await page.goto(`/projects/${project._id}`);
  // Visitors are not offered a report: the server needs to know who reports.
  await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report' })).toHaveCount(0);

  await openSignedIn(page, reader, `/projects/${project._id}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this project' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
  await dialog.getByLabel('Details (optional)').fill('Asks for a deposit before any work.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Our team will review your report.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const queue = await request.get('/api/admin/reports?status=open', {
    headers: { authorization: `Bearer ${adminToken()}` },
  });
  const { reports } = (await queue.json()) as AdminReportList;
  expect(reports.find((report) => report.targetId === project._id)).toMatchObject({
    targetKind: 'project',
    reason: 'scam',
    text: 'Asks for a deposit before any work.',
    reporterUsername: reader.username,
  });

  // A second report of the same project is refused with the server's words.
  await page.getByRole('button', { name: 'Report' }).click();
  await page
    .getByRole('dialog', { name: 'Report this project' })
    .getByRole('button', { name: 'Send report' })
    .click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('You have already reported this.');
});

test('a post is reported from its card in the feed; one’s own posts offer no Report', async ({
  page,
  request,
}) => {
  const [author, reader] = await Promise.all([createAccount(request), createAccount(request)]);
  const text = uniqueName('Buy cheap followers');
  const created = await request.post('/api/post', {
    headers: { authorization: `Bearer ${author.token}` },
    data: { data: text },
  });
  expect(created.status()).toBe(201);

  await openSignedIn(page, author, '/feed');
  const card = page.getByRole('article', { name: `Post by ${author.username}` }).filter({ hasText: text });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Report' })).toHaveCount(0);

  await openSignedIn(page, reader, '/feed');
  await card.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByLabel('Reason').selectOption({ label: 'Spam or advertising' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Our team will review your report.');
});
