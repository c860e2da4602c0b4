import { expect, test } from '@playwright/test';
import { createAccount, openSignedIn } from './support/accounts';
import { createProfile, createProject, uniqueName } from './support/listings';

test('the home page shows matches both ways, explained both ways', async ({ page, request, browser }) => {
  const owner = await createAccount(request);
  const profileOwner = await createAccount(request);
  const projectName = uniqueName('Mainframe rescue');
  const nickname = uniqueName('cobol keeper');
  const asks = {
    toolsExperience: [{ tool: 'COBOL', mep: 2 }],
    offeredGratification: ['Salary'],
    forGratification: ['Milestone'],
    workingTypeRemote: true,
  };
  await createProject(request, owner, { projectName, ...asks });
  await createProfile(request, profileOwner, {
    nickname,
    ...asks,
    toolsExperience: [{ tool: 'COBOL', mep: 4 }],
  });

  await openSignedIn(page, owner, '/');
  const forProject = page.getByRole('region', { name: `Matches for your project ${projectName}` });
  const match = forProject.getByRole('listitem').filter({ hasText: nickname });
  await expect(match).toContainText('Has 1 of 1 you need: COBOL');
  await expect(match).toContainText('Wants what you offer: Salary, Milestone, Remote');
  await match.getByRole('link', { name: nickname }).click();
  await expect(page).toHaveURL(/\/teammates\/[0-9a-f]{24}$/);

  const profilePage = await (await browser.newContext()).newPage();
  await openSignedIn(profilePage, profileOwner, '/');
  const forProfile = profilePage.getByRole('region', { name: 'Projects for you' });
  await expect(forProfile.getByRole('listitem').filter({ hasText: projectName })).toContainText(
    'Has 1 of 1 you need: COBOL',
  );

  // A visitor sees the search alone.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('search')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Projects for you' })).toHaveCount(0);
});
