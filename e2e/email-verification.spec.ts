import { expect, test } from '@playwright/test';
import { EMAIL_VERIFICATION_MESSAGES } from '@skillers/domain';
import { uniqueCredentials } from './support/accounts';
import { mailsTo } from './support/mail';

const SUBJECT = 'Confirm your email address';
const linkIn = (text: string | undefined): string => {
  const link = /http:\/\/\S+\/verify-email\?token=[\w-]+/.exec(text ?? '')?.[0];
  expect(link, text).toBeDefined();
  return link!;
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a new account sees the banner until the mailed link confirms its address', async ({ page }) => {
      const account = uniqueCredentials();
      await page.goto('/signUp');
      const signUp = page.getByRole('form', { name: 'Sign up' });
      await signUp.getByLabel('Username').fill(account.username);
      await signUp.getByLabel('Email').fill(account.email);
      await signUp.getByLabel('Password', { exact: true }).fill(account.password);
      await signUp.getByLabel('Confirm password').fill(account.password);
      await signUp.getByRole('button', { name: 'Sign up' }).click();
      await expect(page).toHaveURL('/login');
      const signIn = page.getByRole('form', { name: 'Sign in' });
      await signIn.getByLabel('Password').fill(account.password);
      await signIn.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/');

      const banner = page.getByRole('region', { name: 'Email confirmation' });
      await expect(banner).toContainText('Please confirm your email address');
      await expect(banner).toContainText(account.email);
      const again = banner.getByRole('button', { name: 'Send the mail again' });
      await expect(again).toBeInViewport();
      // Usable on a phone: nothing of it reaches past the screen's edge.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.goto('/settings');
      await expect(banner).toBeVisible();
      await again.click();
      await expect(banner.getByRole('status')).toHaveText(EMAIL_VERIFICATION_MESSAGES.mailSent);

      const [first, second] = await mailsTo(account.email, SUBJECT, 2);
      // The mail asked for again ended the first link.
      await page.goto(linkIn(first.text));
      await expect(page.getByText(EMAIL_VERIFICATION_MESSAGES.linkInvalid)).toBeVisible();
      await expect(banner).toBeVisible();

      const latest = linkIn(second.text);
      await page.goto(latest);
      await expect(page.getByText(EMAIL_VERIFICATION_MESSAGES.verified)).toBeVisible();
      await expect(banner).toBeHidden();
      await page.goto('/settings');
      await expect(page.getByRole('form', { name: 'Account settings' })).toBeVisible();
      await expect(banner).toBeHidden();

      // The link does not work twice.
      await page.goto(latest);
      await expect(page.getByText(EMAIL_VERIFICATION_MESSAGES.linkInvalid)).toBeVisible();
    });
  });
}
