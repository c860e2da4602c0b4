import { type APIRequestContext, expect, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@skillers/domain';
import { createAccount, openSignedIn } from './support/accounts';
import { mailTo } from './support/mail';
import { LAPTOP_AND_PHONE } from './support/screens';

/** One more session of the account, as another device would sign in. */
const anotherSession = async (request: APIRequestContext, email: string, password: string) => {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  return ((await login.json()) as { token: string }).token;
};

const NEW_PASSWORD = 'a-brand-new-secret';

for (const viewport of LAPTOP_AND_PHONE) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a forgotten password is reset through the mailed link; the old one and other sessions end', async ({
      page,
      request,
    }) => {
      const account = await createAccount(request);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL('/forgot-password');
      const ask = page.getByRole('form', { name: 'Forgot password' });
      await ask.getByLabel('Email').fill(account.email);
      await ask.getByRole('button', { name: 'Send me a link' }).click();
      await expect(ask.getByText(AUTH_MESSAGES.resetMailSent)).toBeVisible();

      const mail = await mailTo(account.email, 'Choose a new password');
      const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
      expect(link, mail.text).toBeDefined();
      await page.goto(link!);
      const reset = page.getByRole('form', { name: 'Choose a new password' });
      await reset.getByLabel('New password').fill(NEW_PASSWORD);
      await reset.getByRole('button', { name: 'Save the new password' }).click();
      await expect(page).toHaveURL('/login');
      await expect(page.getByText('Your password was changed. You can sign in now.')).toBeVisible();

      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Email').fill(account.email);
      await signIn.getByLabel('Password').fill(account.password);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await expect(signIn.getByLabel('Password')).toHaveAccessibleDescription(AUTH_MESSAGES.wrongPassword);
      await signIn.getByLabel('Password').fill(NEW_PASSWORD);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/');

      // The session signed in before the reset has ended.
      const before = await request.get('/api/user/settings', {
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(before.status()).toBe(401);

      // The same link does not work twice.
      await page.goto(link!);
      await reset.getByLabel('New password').fill('yet-another-secret');
      await reset.getByRole('button', { name: 'Save the new password' }).click();
      await expect(reset.getByText(AUTH_MESSAGES.resetLinkInvalid)).toBeVisible();
    });

    test('the password is changed in settings, and this session goes on', async ({ page, request }) => {
      const account = await createAccount(request);
      const otherSession = await anotherSession(request, account.email, account.password);
      await openSignedIn(page, account, '/settings');
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('not-my-password');
      await form.getByLabel('New password').fill(NEW_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByLabel('Current password')).toHaveAccessibleDescription(
        AUTH_MESSAGES.wrongCurrentPassword,
      );
      await form.getByLabel('Current password').fill(account.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText(AUTH_MESSAGES.passwordChanged)).toBeVisible();

      await page.reload();
      await expect(page.getByRole('form', { name: 'Account settings' }).getByLabel('Mail')).toHaveValue(
        account.email,
      );
      const other = await request.get('/api/user/settings', {
        headers: { authorization: `Bearer ${otherSession}` },
      });
      expect(other.status()).toBe(401);
    });
  });
}
