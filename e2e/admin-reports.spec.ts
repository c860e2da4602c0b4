import { expect, test } from '@playwright/test';
import { TRUST_MESSAGES } from '@skillers/domain';
import { adminToken, createAccount } from './support/accounts';
import { createProject, uniqueName } from './support/listings';

test('a moderator hides a reported project from the reports page, then restores it', async ({
  page,
  request,
}) => {
  const [owner, reporter] = [await createAccount(request), await createAccount(request)];
  const projectName = uniqueName('Moderated project');
  const project = await createProject(request, owner, { projectName });
  const reportText = uniqueName('Looks like a pyramid scheme');
  const filed = await request.post('/api/reports', {
    headers: { authorization: `Bearer ${reporter.token}` },
    data: { targetKind: 'project', targetId: project._id, reason: 'scam', text: reportText },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const projectStatus = async () => (await request.get(`/api/project/${project._id}`)).status();

  // Not linked from the app: a moderator opens the address and gives the admin token.
  await page.goto('/admin/reports');
  await page.getByLabel('Admin token').fill('not-the-admin-token-but-long-enough-to-try');
  await page.getByRole('button', { name: 'Open reports' }).click();
  await expect(page.getByText('The admin token is not valid.')).toBeVisible();
  await page.getByLabel('Admin token').fill(adminToken());
  await page.getByRole('button', { name: 'Open reports' }).click();

  const reports = page.getByRole('table', { name: 'Reports' });
  const row = reports.getByRole('row').filter({ hasText: reportText });
  await expect(row).toContainText('Scam or fraud');
  await expect(row).toContainText(reporter.username);
  // The item itself is shown beside the report, with its owner.
  await expect(row.getByRole('link', { name: projectName })).toHaveAttribute(
    'href',
    `/projects/${project._id}`,
  );
  await expect(row).toContainText(`by ${owner.username}`);
  await expect(page.getByRole('button', { name: 'Open', pressed: true })).toBeVisible();

  await row.getByRole('button', { name: 'Hide item' }).click();
  await expect(page.getByRole('status').filter({ hasText: TRUST_MESSAGES.itemHidden })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await projectStatus()).toBe(404);

  await page.getByRole('button', { name: 'Hidden' }).click();
  await expect(row).toContainText(`${projectName} (Hidden)`);
  await row.getByRole('button', { name: 'Restore item' }).click();
  await expect(page.getByRole('status').filter({ hasText: TRUST_MESSAGES.itemRestored })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await projectStatus()).toBe(200);

  // Settled: the report shows as dismissed, with nothing left to do.
  await page.getByRole('button', { name: 'Dismissed' }).click();
  await expect(row).toContainText('dismissed');
  await expect(row.getByRole('button')).toHaveCount(0);
});
