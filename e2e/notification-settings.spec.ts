import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';

test('notification settings start in the app, and a choice per group is saved and kept', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/settings');
  const form = page.getByRole('form', { name: 'Notification settings' });
  for (const group of ['Messages', 'Saved search alerts', 'Likes and comments', 'Moderation']) {
    await expect(form.getByLabel(group)).toHaveValue('in-app');
  }

  await form.getByLabel('Messages').selectOption({ label: 'Email right away' });
  await form.getByLabel('Saved search alerts').selectOption({ label: 'Daily digest email' });
  await form.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notification settings saved' })).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Messages')).toHaveValue('email');
  await expect(form.getByLabel('Saved search alerts')).toHaveValue('digest');
  await expect(form.getByLabel('Moderation')).toHaveValue('in-app');
});
