import { expect, type Locator, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { LAPTOP_AND_PHONE } from './support/screens';

const sectionToggle = (form: Locator, title: string) =>
  form.getByRole('button', { name: new RegExp(`^${title}( \\(required\\))?( \\d+ picked)?$`) });

for (const viewport of LAPTOP_AND_PHONE) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an empty project form lands on an error summary whose links lead to the fields', async ({
      page,
      request,
    }) => {
      page.on('dialog', (dialog) => void dialog.accept());
      const owner = await createAccount(request);
      await openSignedIn(page, owner, '/project/add');
      const form = page.getByRole('form', { name: 'Add project' });

      await form.getByRole('button', { name: 'Submit' }).click();
      const summary = form.getByRole('alert').filter({ hasText: 'before saving' });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: /^Name and Description: / })).toBeVisible();
      await expect(summary.getByRole('link', { name: /^Product Type: / })).toBeVisible();

      // A link opens the closed section that holds its field and puts the cursor in it.
      await expect(sectionToggle(form, 'Product Type')).toHaveAttribute('aria-expanded', 'false');
      await summary.getByRole('link', { name: /^Product Type: / }).click();
      await expect(sectionToggle(form, 'Product Type')).toHaveAttribute('aria-expanded', 'true');
      await expect(form.getByRole('searchbox', { name: 'Search Product Type' })).toBeFocused();

      await summary.getByRole('link', { name: /^Name and Description: / }).click();
      await expect(form.getByLabel('Project name')).toBeFocused();
    });
  });
}

test('a section loses its required mark once its required part is filled', async ({ page, request }) => {
  const owner = await createAccount(request);
  await openSignedIn(page, owner, '/project/add');
  const form = page.getByRole('form', { name: 'Add project' });
  const basics = form.getByRole('button', { name: /^Name and Description/ });
  await expect(basics).toHaveAccessibleName(/\(required\)/);
  await form.getByLabel('Project name').fill('Community garden app');
  await expect(basics).not.toHaveAccessibleName(/\(required\)/);
  await form.getByLabel('Project name').fill(' ');
  await expect(basics).toHaveAccessibleName(/\(required\)/);
});

test('the form explains tool levels and shows the saved defaults as values to change', async ({
  page,
  request,
}) => {
  const owner = await createAccount(request);
  await openSignedIn(page, owner, '/teammates/add');
  const form = page.getByRole('form', { name: 'Add skiller profile' });
  await sectionToggle(form, 'Tools').click();
  await expect(
    form.getByText('Each tool has a level of experience, from 0 (none yet) to 5 (expert).'),
  ).toBeVisible();

  await sectionToggle(form, 'Weekly Availability').click();
  await expect(form.getByLabel('From (hours)')).toHaveValue('10');
  await expect(form.getByLabel('To (hours)')).toHaveValue('15');
  await expect(form.getByLabel('Counted')).toHaveValue('Monthly');
  await form.getByLabel('To (hours)').fill('30');
  await expect(form.getByLabel('To (hours)')).toHaveValue('30');
});
