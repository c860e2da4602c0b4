import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';

test('settings load, save with a 3-second confirmation, and show server errors under the field', async ({
  page,
  request,
}) => {
  await page.goto('/settings');
  await expect(page).toHaveURL('/login');

  const account = await createAccount(request);
  const other = await createAccount(request);
  await openSignedIn(page, account, '/settings');
  const form = page.getByRole('form', { name: 'Account settings' });
  await expect(form.getByLabel('Mail')).toHaveValue(account.email);

  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Phone Number').fill('+44 20 7946 0000');
  await form.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Changes were saved' });
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 4_500 });

  await page.reload();
  await expect(form.getByLabel('First Name')).toHaveValue('Ada');
  await expect(form.getByLabel('Last Name')).toHaveValue('Lovelace');
  await expect(form.getByLabel('Phone Number')).toHaveValue('+44 20 7946 0000');

  await form.getByLabel('Mail').fill(other.email);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Mail')).toHaveAccessibleDescription('Email is already taken');

  await form.getByLabel('Mail').fill('broken@mail');
  await form.getByLabel('Phone Number').fill('call me maybe');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Mail')).toHaveAccessibleDescription('Please enter a valid email');
  await expect(form.getByLabel('Phone Number')).toHaveAccessibleDescription(
    'Phone number can only contain digits, spaces and + ( ) - .',
  );
});

test('feedback is validated, sent, and thanked for 3.5 seconds', async ({ page }) => {
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'We value your feedback' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Feedback' });
  const message = form.getByLabel('Your feedback');
  const email = form.getByLabel('Email (optional)');

  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(message).toHaveAccessibleDescription('Please write your feedback');

  await message.fill('The search is great, more filters please.');
  await email.fill('not-an-address');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(email).toHaveAccessibleDescription(/Please enter a valid email/);

  await email.fill('');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  const thanks = page.getByText('Thank you for your feedback!');
  await expect(thanks).toBeVisible();
  await expect(message).toHaveValue('');
  await expect(thanks).toBeHidden({ timeout: 5_000 });
});

test('logging out asks first; Cancel keeps the session and Logout ends it', async ({ page, request }) => {
  const account = await createAccount(request);
  await openSignedIn(page, account, '/settings');
  const sidebar = page.getByRole('navigation', { name: 'Account' });
  for (const name of [
    'Conversations',
    'Invitations',
    'Found Skillers',
    'Found Projects',
    'My Skills',
    'My Projects',
    'Saved Searches',
    'Settings',
  ]) {
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  }

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Logout' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/settings');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(account.token);

  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hello!' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
