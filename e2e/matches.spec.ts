import { expect, type Page, test } from '@playwright/test';
import { createAccount, openAs, openSignedIn } from './support/accounts';
import { chatOf } from './support/chat';
import { createProfile, createProject, uniqueName } from './support/listings';

/** What both sides ask and offer: Haskell work, paid a salary by milestone, remote. */
const ASKS = {
  toolsExperience: [{ tool: 'Haskell', mep: 2 }],
  offeredGratification: ['Salary'],
  forGratification: ['Milestone'],
  workingTypeRemote: true,
};

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('matches are explained both ways; an invitation reaches the member’s bell, and accepting opens one conversation for both', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createAccount(request);
  const member = await createAccount(request);
  const projectName = uniqueName('Type checker');
  const nickname = uniqueName('lambda keeper');
  const project = await createProject(request, owner, { projectName, ...ASKS });
  await createProfile(request, member, {
    nickname,
    ...ASKS,
    toolsExperience: [{ tool: 'Haskell', mep: 4 }],
  });

  // The member sees the project from their side of the fit.
  const memberPage = await openAs(browser, member, '/');
  const forProfile = memberPage.getByRole('region', { name: 'Projects for you' });
  const projectMatch = forProfile.getByRole('listitem').filter({ hasText: projectName });
  await expect(projectMatch).toContainText('You have 1 of 1 it needs: Haskell');
  await expect(projectMatch).toContainText('Offers what you want: Salary, Milestone, Remote');
  await expect(projectMatch.getByRole('button', { name: `Ask to join ${projectName}` })).toBeVisible();

  await openSignedIn(page, owner, '/');
  const forProject = page.getByRole('region', { name: `Matches for your project ${projectName}` });
  const match = forProject.getByRole('listitem').filter({ hasText: nickname });
  await expect(match).toContainText('Has 1 of 1 you need: Haskell');
  await expect(match).toContainText('Wants what you offer: Salary, Milestone, Remote');
  const inviting = page.waitForRequest('**/api/invitations');
  await match.getByRole('button', { name: `Invite ${nickname}` }).click();
  await expect(match.getByText('Invitation sent')).toBeVisible();
  // Where the match was shown goes along, for the acceptance plots of the analytics.
  const shown = (await inviting).postDataJSON() as { shownScore?: number; shownRank?: number };
  expect(shown.shownRank).toBe(1);
  expect(shown.shownScore).toBeGreaterThan(0);
  expect(shown.shownScore).toBeLessThanOrEqual(1);

  // The bell rings for the member, and leads to the invitation with both lines of the fit.
  const bell = bellOf(memberPage);
  await expect(bell.getByTestId('unread-badge')).toHaveText('1 unread');
  await bell.click();
  const notice = memberPage
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`${owner.username} invites you to join “${projectName}”`) });
  await notice.click();
  await expect(memberPage).toHaveURL('/invitations');
  const invitation = memberPage
    .getByRole('list', { name: 'Received invitations' })
    .getByRole('listitem', { name: `From ${owner.username}` });
  await expect(invitation).toContainText(`${owner.username} invites you to join ${projectName}`);
  await expect(invitation).toContainText('You have 1 of 1 it needs: Haskell');
  await invitation.getByRole('button', { name: 'Accept' }).click();

  // Both land in the same conversation, which opens with the invitation.
  await expect(memberPage).toHaveURL(/\/conversations\?friendId=[0-9a-f]{24}$/);
  const opening = `Invitation to join “${projectName}”`;
  await expect(chatOf(memberPage).log.getByText(opening)).toBeVisible();
  await chatOf(memberPage).input.fill('Happy to help');
  await chatOf(memberPage).send.click();

  await page.goto('/invitations');
  const sent = page
    .getByRole('list', { name: 'Sent invitations' })
    .getByRole('listitem', { name: `To ${member.username}` });
  await expect(sent).toContainText('Accepted');
  await sent.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(chatOf(page).log.getByText(opening)).toBeVisible();
  await expect(chatOf(page).log.getByText('Happy to help')).toBeVisible();

  // The pair has left the owner's matches.
  const matches = await request.get(`/api/matches/teammates?projectId=${project._id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const matched = (await matches.json()) as { teammates: { nickname: string }[] };
  expect(matched.teammates.map((profile) => profile.nickname)).not.toContain(nickname);

  // A visitor sees the search alone.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('search')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Projects for you' })).toHaveCount(0);
});

test('"Not interested" takes a match off the list for good', async ({ page, request }) => {
  const owner = await createAccount(request);
  const projectName = uniqueName('Climate model port');
  const asks = { ...ASKS, toolsExperience: [{ tool: 'Fortran', mep: 2 }] };
  await createProject(request, owner, { projectName, ...asks });
  const [kept, dropped] = [uniqueName('fortran keeper'), uniqueName('fortran dropper')];
  for (const nickname of [kept, dropped]) {
    await createProfile(request, await createAccount(request), {
      nickname,
      ...asks,
      toolsExperience: [{ tool: 'Fortran', mep: 3 }],
    });
  }

  await openSignedIn(page, owner, '/');
  const list = page.getByRole('region', { name: `Matches for your project ${projectName}` });
  await expect(list.getByRole('link', { name: dropped })).toBeVisible();
  await list.getByRole('button', { name: `Not interested in ${dropped}` }).click();
  await expect(list.getByRole('link', { name: dropped })).toHaveCount(0);
  await expect(list.getByRole('link', { name: kept })).toBeVisible();
  await page.reload();
  await expect(list.getByRole('link', { name: kept })).toBeVisible();
  await expect(list.getByRole('link', { name: dropped })).toHaveCount(0);
});
