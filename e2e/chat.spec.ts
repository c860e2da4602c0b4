import { expect, type Locator, test } from '@playwright/test';
import { createAccount, openAs, openSignedIn, userIdOf } from './support/accounts';
import { chatOf } from './support/chat';
import { createProfile, createProject, uniqueName } from './support/listings';

/** Pushed messages arrive well within this; a list that only refreshed by asking again would not. */
const PUSH_BOUND_MS = 2_000;

const message = (log: Locator, text: string) => log.getByRole('listitem').filter({ hasText: text });

/** Own messages sit against the right edge of the conversation, the friend's against the left. */
const expectSide = async (log: Locator, item: Locator, side: 'left' | 'right') => {
  const area = (await log.boundingBox())!;
  const box = (await item.boundingBox())!;
  const gap = side === 'left' ? box.x - area.x : area.x + area.width - (box.x + box.width);
  expect(gap).toBeLessThan(40);
};

test('a message from a profile page reaches its owner live, and the answers go both ways live', async ({
  browser,
  request,
}) => {
  const [ann, ben, cat] = await Promise.all([
    createAccount(request),
    createAccount(request),
    createAccount(request),
  ]);
  const profile = await createProfile(request, ben, { nickname: uniqueName('Skiller') });

  const benPage = await openAs(browser, ben, '/conversations');
  const benChat = chatOf(benPage);
  await expect(benChat.list.getByText('No messages', { exact: true })).toBeVisible();
  await expect(benChat.list.getByText('Start chatting with someone to see them here')).toBeVisible();
  await expect(benPage.getByText('Select a conversation to start chatting')).toBeVisible();
  await expect(benChat.send).toBeDisabled();

  const annPage = await openAs(browser, ann, `/teammates/${profile._id}`);
  const box = annPage.getByRole('form', { name: 'Message the owner' });
  const boxInput = box.getByRole('textbox', { name: 'Write a message...' });
  await boxInput.fill('Hello Ben, I saw your profile!');
  await box.getByRole('button', { name: 'Send' }).click();
  await expect(box.getByText('Message sent successfully!')).toBeVisible();
  await expect(boxInput).toHaveValue('');
  await box.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(annPage).toHaveURL(`/conversations?friendId=${userIdOf(ben)}`);
  const annChat = chatOf(annPage);
  const hello = message(annChat.log, 'Hello Ben, I saw your profile!');
  await expect(hello).toBeVisible();
  await expectSide(annChat.log, hello, 'right');
  // Own messages are blue.
  await expect(hello).toHaveCSS('background-color', 'rgb(37, 99, 235)');

  // The new conversation is pushed to Ben's open list at once (no polling), and its first friend is
  // chosen by itself.
  const annOnBensList = benChat.list.getByRole('button', { name: new RegExp(ann.username) });
  await expect(annOnBensList).toHaveAttribute('aria-current', 'true', { timeout: PUSH_BOUND_MS });
  await expect(benPage).toHaveURL(`/conversations?friendId=${userIdOf(ann)}`);
  const received = message(benChat.log, 'Hello Ben, I saw your profile!');
  await expect(received).toBeVisible();
  await expect(received.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  await expectSide(benChat.log, received, 'left');

  await benChat.input.fill('Thanks Ann, happy to talk.');
  await benChat.send.click();
  await expect(benChat.input).toHaveValue('');
  await expectSide(benChat.log, message(benChat.log, 'Thanks Ann, happy to talk.'), 'right');
  // Ann's conversation is open: the answer arrives over the socket.
  await expect(message(annChat.log, 'Thanks Ann, happy to talk.')).toBeVisible();

  await annChat.input.fill('Great, when are you free?');
  await annPage.getByRole('button', { name: 'Add an emoji' }).click();
  await annPage.getByRole('group', { name: 'Emojis' }).getByRole('button', { name: 'Rocket' }).click();
  await expect(annChat.input).toHaveValue('Great, when are you free?🚀');
  await annChat.send.click();
  await expect(message(benChat.log, 'Great, when are you free?🚀')).toBeVisible();
  await expect(annOnBensList).toContainText('Great, when are you free?🚀');

  // A picked file is only named in the chat, on this screen.
  await annPage
    .getByLabel('Attach a file')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expectSide(annChat.log, message(annChat.log, '📎 brief.pdf'), 'right');

  // A third person writing to Ben shows up on top with an unread count; Ben's open conversation stays.
  const fromCat = await request.post('/api/chat/sendMessage', {
    headers: { authorization: `Bearer ${cat.token}` },
    data: { id: userIdOf(ben), message: 'Ben, quick question about your skills' },
  });
  expect(fromCat.status()).toBe(201);
  const catOnBensList = benChat.list.getByRole('button', { name: new RegExp(cat.username) });
  await expect(catOnBensList).toContainText('1 unread', { timeout: PUSH_BOUND_MS });
  await expect(benChat.list.getByRole('listitem').first()).toContainText(cat.username);
  await expect(annOnBensList).toHaveAttribute('aria-current', 'true');
  await catOnBensList.click();
  await expect(message(benChat.log, 'Ben, quick question about your skills')).toBeVisible();
  await expect(catOnBensList).not.toContainText('unread');
});

test('the project page box asks visitors to log in, says when a send fails, and thanks for 3.5 seconds', async ({
  page,
  request,
}) => {
  const [owner, writer] = await Promise.all([createAccount(request), createAccount(request)]);
  const project = await createProject(request, owner, { projectName: uniqueName('Chat project') });

  await page.goto(`/projects/${project._id}`);
  const box = page.getByRole('form', { name: 'Message the owner' });
  const input = box.getByRole('textbox', { name: 'Send a message to project creator!' });
  const send = box.getByRole('button', { name: 'Send a message' });
  await expect(send).toBeDisabled();
  await input.fill('Is the project still open?');
  await send.click();
  await expect(box.getByRole('alert')).toContainText('You need to be logged in to send messages.');

  await openSignedIn(page, writer, `/projects/${project._id}`);
  await page.route('**/api/chat/singlePage/sendMessage', (route) => route.abort());
  await input.fill('Is the project still open?');
  await send.click();
  await expect(box.getByRole('alert')).toHaveText('Message could not be sent. Please try again.');
  await expect(input).toHaveValue('Is the project still open?');

  await page.unrouteAll();
  await send.click();
  const thanks = box.getByText('You have sent a message!');
  await expect(thanks).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(box.getByRole('alert')).toHaveCount(0);
  await expect(thanks).toBeHidden({ timeout: 4_500 });

  const conversation = await request.get(`/api/chat/conversation?friendId=${userIdOf(writer)}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { conversation: stored } = (await conversation.json()) as {
    conversation: { messages: { message: string }[] };
  };
  expect(stored.messages.map((item) => item.message)).toEqual(['Is the project still open?']);
});
