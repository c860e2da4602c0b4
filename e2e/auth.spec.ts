import { expect, test } from '@playwright/test';
import { createAccount, uniqueCredentials } from './support/accounts';

test('signing up shows every form message and the server answers, then leads to the login screen', async ({
  page,
  request,
}) => {
  const existing = await createAccount(request);
  const fresh = uniqueCredentials();
  await page.goto('/signUp');
  const form = page.getByRole('form', { name: 'Sign up' });
  const username = form.getByLabel('Username');
  const email = form.getByLabel('Email');
  const password = form.getByLabel('Password', { exact: true });
  const confirmation = form.getByLabel('Confirm password');
  const submit = form.getByRole('button', { name: 'Sign up' });

  await submit.click();
  await expect(username).toHaveAccessibleDescription('Please enter a username');
  await expect(email).toHaveAccessibleDescription('Please enter your email');
  await expect(password).toHaveAccessibleDescription('Please enter a password');

  await username.fill(fresh.username);
  await email.fill('someone@example');
  await password.fill('short');
  await confirmation.fill('different');
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
  await expect(confirmation).toHaveAccessibleDescription('Passwords are not the same');
  await expect(username).not.toHaveAttribute('aria-invalid');

  await email.fill(existing.email);
  await password.fill(fresh.password);
  await confirmation.fill(fresh.password);
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Email is already taken');

  await username.fill(existing.username.toUpperCase());
  await email.fill(fresh.email);
  await submit.click();
  const usernameTaken = form.getByText('Username is already taken');
  await expect(usernameTaken).toBeVisible();
  // The specification places this message with the passwords, below the confirmation box.
  const confirmationBox = await confirmation.boundingBox();
  const messageBox = await usernameTaken.boundingBox();
  expect(messageBox!.y).toBeGreaterThan(confirmationBox!.y);

  await username.fill(fresh.username);
  await submit.click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(fresh.email);
});

test('signing in shows the form messages, the unknown user and the wrong password, then goes home', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  const email = form.getByLabel('Email');
  const password = form.getByLabel('Password');
  const submit = form.getByRole('button', { name: 'Sign in' });

  await submit.click();
  await expect(email).toHaveAccessibleDescription('Please enter your email');
  await expect(password).toHaveAccessibleDescription('Please enter a password');

  await email.fill('not-an-email');
  await password.fill('whatever-password');
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Please enter a valid email');

  await email.fill(`nobody-${account.email}`);
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Cant find user');

  await email.fill(account.email);
  await password.fill('not-the-password');
  await submit.click();
  await expect(password).toHaveAccessibleDescription('Wrong Password!');
  await expect(email).not.toHaveAttribute('aria-invalid');

  await password.fill(account.password);
  await submit.click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Hello, ${account.username}!` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // With a token stored, both account screens send the user home.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/signUp');
  await expect(page).toHaveURL('/');
});
