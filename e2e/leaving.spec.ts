import { expect, type Page, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createAccount, openAs, openSignedIn, userIdOf } from './support/accounts';
import { chatOf } from './support/chat';
import { createProfile, uniqueName } from './support/listings';
import { LAPTOP_AND_PHONE } from './support/screens';

/** The find screen's teammate cards for a search text, as the home search sends it. */
const findProfiles = async (page: Page, text: string) => {
  await page.goto('/');
  await page.evaluate((searchText) => {
    localStorage.setItem('searchTab', 'Teammate');
    localStorage.setItem('searchText', searchText);
  }, text);
  await page.goto('/find');
  await expect(page.locator('.search-summary__count')).toBeVisible();
  return page.getByRole('list', { name: 'Teammates' }).getByRole('article');
};

for (const viewport of LAPTOP_AND_PHONE) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('downloads one’s data with one’s own message in it, then deletes the account: the profile leaves search, the friend keeps the conversation', async ({
      page,
      browser,
      request,
    }) => {
      // Two waits for the search index, one before and one after the deletion.
      test.slow();
      const [leaver, friend] = [await createAccount(request), await createAccount(request)];
      const nickname = uniqueName('Leaving designer');
      await createProfile(request, leaver, { nickname });
      const friendId = userIdOf(friend);
      const text = uniqueName('Thanks for the chat');
      const sent = await request.post('/api/chat/sendMessage', {
        headers: { authorization: `Bearer ${leaver.token}` },
        data: { id: friendId, message: text },
      });
      expect(sent.status()).toBe(201);

      // The profile is findable before.
      await openSignedIn(page, leaver, '/feed');
      await expect(async () => {
        await expect((await findProfiles(page, nickname)).filter({ hasText: nickname })).toHaveCount(1, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 15_000 });

      await page.goto('/settings');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('skillers-data.json');
      const data = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
        account: { email: string };
        messages: { message: string; sentByMe: boolean }[];
      };
      expect(data.account.email).toBe(leaver.email);
      expect(data.messages).toContainEqual(expect.objectContaining({ message: text, sentByMe: true }));

      const leaving = page.getByRole('region', { name: 'Delete my account' });
      await leaving.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = leaving.getByRole('form', { name: 'Confirm account deletion' });
      await confirm.getByLabel('Password').fill('not-my-password');
      await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
      await expect(confirm.getByLabel('Password')).toHaveAccessibleDescription('Wrong Password!');
      // A wrong password keeps the session.
      await expect(page).toHaveURL('/settings');

      await confirm.getByLabel('Password').fill(leaver.password);
      await confirm.getByRole('button', { name: 'Delete my account for good' }).click();
      await expect(page).toHaveURL('/');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

      await expect(async () => {
        await expect((await findProfiles(page, nickname)).filter({ hasText: nickname })).toHaveCount(0, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 15_000 });

      // The friend still reads the message, from a deleted user.
      const friendPage = await openAs(browser, friend, '/conversations');
      const chat = chatOf(friendPage);
      // A second browser's first page: on a busy machine it can take longer than an expectation's 5 s.
      await expect(chat.list.getByText('deleted user')).toBeVisible({ timeout: 15_000 });
      await chat.list.getByText('deleted user').click();
      await expect(chat.log.getByText(text)).toBeVisible();
    });
  });
}
