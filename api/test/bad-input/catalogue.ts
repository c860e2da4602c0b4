import {
  conversationQuerySchema,
  accountEmailQuerySchema,
  deleteAccountSchema,
  deleteProjectSchema,
  embedRequestSchema,
  feedbackSchema,
  hideMatchSchema,
  answerRatesQuerySchema,
  invitationCreateSchema,
  invitationDeclineSchema,
  filteringRequestSchema,
  labelSuggestionRequestSchema,
  loginSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  verifyEmailSchema,
  changePasswordSchema,
  notificationSettingsSchema,
  openSwitchSchema,
  pageQuerySchema,
  profileMatchesQuerySchema,
  postSchema,
  commentSchema,
  createSavedSearchSchema,
  projectCreateSchema,
  projectEditSchema,
  propositionSchema,
  reportSchema,
  savedFilteringRequestSchema,
  searchClickSchema,
  sendMessageSchema,
  settingsSchema,
  signupSchema,
  sortRequestSchema,
  profileCreateSchema,
  profileEditSchema,
  updateSavedSearchSchema,
} from '@skillers/domain';
import { withKnownOptions } from '../../src/common/known-options';
import type { z } from 'zod';
import {
  analyticsQuerySchema,
  propositionFilterSchema,
  reindexRequestSchema,
  reportFilterSchema,
} from '../../src/admin/admin-request.schemas';
import { oneClickBodySchema, unsubscribeQuerySchema } from '../../src/notification-mail/unsubscribe.schemas';

/** Records made before the barrage, which no refused request may change. */
export interface Seeded {
  owner: { id: string; token: string; email: string; password: string };
  friendId: string;
  adminToken: string;
  ownProjectId: string;
  friendProjectId: string;
  friendProfileId: string;
  postId: string;
  propositionId: string;
  /** A report of the owner's conversation with the friend: hiding it is refused, so no attempt hides anything. */
  reportId: string;
  /** One of the owner's saved searches. */
  savedSearchId: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** none: no token read; optional: a token only marks saved items; user: bearer JWT; admin: the admin token. */
export type Auth = 'none' | 'optional' | 'user' | 'admin';

/** `ids`: a comma-separated list of ids, where ids that name nobody are no error. */
export interface QueryField {
  name: string;
  kind: 'page' | 'id' | 'ids' | 'enum';
}

export interface RouteEntry {
  method: Method;
  /** The path as the router registers it, `:id` included. */
  path: string;
  auth: Auth;
  /** The `:id` a request that should pass every other check names. */
  id?: (seeded: Seeded) => string;
  /** The status for a well-formed id that names nothing; null where that is not an error (forgetting). */
  absentIdStatus?: number | null;
  body?: { schema: z.ZodType; valid: (seeded: Seeded) => unknown };
  /** Takes RFC 8058's form body too, so a form (`application/x-www-form-urlencoded`) is no wrong type. */
  formBody?: true;
  /** The query is refused when any of these schemas (one per query pipe of the handler) refuses it. */
  query?: { schemas: z.ZodType[]; fields: QueryField[]; valid: (seeded: Seeded) => Record<string, string> };
}

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const ONE_PIXEL_PNG = PNG_1PX;

const project = {
  projectName: 'Solar map',
  toolsExperience: [{ tool: 'React', mep: 3 }, 'Figma'],
  projectType: ['Start Up'],
  productType: ['Web Application'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
  description: 'Maps rooftops that could carry solar panels.',
  projectGoal: 'A public map',
  softSkills: ['Empathy'],
  hardSkills: ['Frontend Developer'],
  areaOfExpertise: ['Renewable Energy'],
  usedLanguages: ['English'],
  locations: ['Poland'],
  workingTypeRemote: true,
  workingTypeOffice: false,
  bizRole: 30,
  techRole: 70,
  deadline: '2031-05-01',
  availability: 10,
  availabilityFrom: 10,
  availabilityTo: 15,
  availabilityType: 'Monthly',
  deadlineFrom: '2030-01-01',
  deadlineTo: '2030-06-01T12:00:00Z',
  baseLocation: ['Warsaw'],
  weeklyEngagement: { from: 5, to: 20 },
  bizPosition: 'Founder',
  techPosition: 'CTO',
  sectorDetails: 'Residential rooftops',
  personalAssets: ['Patience'],
  speakingLanguagesRequired: ['Polish'],
};

const profile = {
  nickname: 'pixel-pusher',
  toolsExperience: [{ tool: 'Figma', mep: 5 }],
  projectType: 'Freelancing',
  productType: ['Mobile Application'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  description: 'Designs interfaces.',
  softSkills: ['Empathy'],
  hardSkills: ['UX Designer'],
  areaOfExpertise: ['Healthcare'],
  usedLanguages: ['English'],
  locations: ['Spain'],
  workingTypeRemote: true,
  bizRole: 0,
  availability: 20,
  deadline: 12,
  availabilityFrom: 1,
  availabilityTo: 40,
  availabilityType: 'week',
};

const filtering = {
  activeFilters: {
    toolsExperience: [{ tool: 'React', mep: 2 }, 'Figma'],
    projectType: ['Start Up'],
    productType: ['Web Application'],
    product_type: ['Mobile Application'],
    offeredGratification: ['Salary'],
    forGratification: ['Time'],
    softSkills: ['Empathy'],
    hardSkills: ['UX Designer'],
    requiredAreaOfExpertise: ['Healthcare'],
    usedLanguages: ['English'],
    locations: ['Spain'],
    offeredWorkingType: ['Remote'],
    offeredWorkingTypeActiveOptions: ['Office'],
    requiredAvailability: { hours: 10, mode: 'Up to' },
    projectDeadline: 6,
    bizOrTech: 40,
  },
  filtering_restriction: 'min_1_match',
  page: 1,
};

const savedSearch = {
  kind: 'teammate',
  name: 'Kotlin people',
  activeFilters: { toolsExperience: [{ tool: 'Kotlin', mep: 2 }], locations: ['Spain'] },
  mustHave: { locations: ['Spain'] },
  filtering_restriction: 'all_match',
  text: 'mobile',
  alerts: false,
};
const sort = { type: 'project', filter: { projectType: ['Start Up'] }, text: 'solar map', limit: 5 };
const ml = { input_text: 'a phone app for runners', len_2_cnt: 2 };
const page = {
  schemas: [pageQuerySchema],
  fields: [{ name: 'page', kind: 'page' as const }],
  valid: () => ({ page: '1' }),
};

/** Every HTTP route of the API and the embedder routes it mounts, with what a passing request looks like. */
const unsubscribeQuery: RouteEntry['query'] = {
  schemas: [unsubscribeQuerySchema],
  fields: [{ name: 'token', kind: 'enum' }],
  valid: () => ({ token: `${Buffer.from('{}').toString('base64url')}.${'A'.repeat(43)}` }),
};

export const ROUTES: RouteEntry[] = [
  { method: 'GET', path: '/api/health', auth: 'none' },
  { method: 'GET', path: '/api/ready', auth: 'none' },
  {
    method: 'GET',
    path: '/api/matches/teammates',
    auth: 'user',
    query: {
      schemas: [profileMatchesQuerySchema],
      fields: [
        { name: 'projectId', kind: 'id' },
        { name: 'page', kind: 'page' },
      ],
      valid: (s) => ({ projectId: s.ownProjectId, page: '1' }),
    },
  },
  { method: 'GET', path: '/api/matches/projects', auth: 'user', query: page },
  {
    method: 'POST',
    path: '/api/matches/hidden',
    auth: 'user',
    // Hiding the friend's project from the owner's matches is a change no other check reads.
    body: { schema: hideMatchSchema, valid: (s) => ({ id: s.friendProjectId }) },
  },
  {
    method: 'GET',
    path: '/api/answer-rates',
    auth: 'none',
    query: {
      schemas: [answerRatesQuerySchema],
      fields: [{ name: 'userIds', kind: 'ids' }],
      valid: (s) => ({ userIds: s.friendId }),
    },
  },
  { method: 'GET', path: '/api/invitations', auth: 'user' },
  {
    method: 'POST',
    path: '/api/invitations',
    auth: 'user',
    // The owner's profile asks to join the friend's project; only refused variants of it are sent.
    body: {
      schema: invitationCreateSchema,
      valid: (s) => ({
        projectId: s.friendProjectId,
        message: 'Would you join?',
        shownScore: 0.7,
        shownRank: 3,
      }),
    },
  },
  // The owner received no invitation: each id answers 404 and nothing is answered.
  {
    method: 'POST',
    path: '/api/invitations/:id/accept',
    auth: 'user',
    id: (s) => s.friendProjectId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/invitations/:id/decline',
    auth: 'user',
    id: (s) => s.friendProjectId,
    absentIdStatus: 404,
    body: { schema: invitationDeclineSchema, valid: () => ({ reason: 'Other' }) },
  },
  { method: 'GET', path: '/api/options', auth: 'none' },
  {
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'none',
    body: {
      schema: signupSchema,
      valid: () => ({
        username: 'newcomer',
        email: 'newcomer@example.com',
        password: 'correct-horse-battery',
      }),
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    body: { schema: loginSchema, valid: (s) => ({ email: s.owner.email, password: s.owner.password }) },
  },
  // An unknown address, a token that names no reset and a wrong current password: no attempt changes an account.
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'none',
    body: { schema: forgotPasswordSchema, valid: () => ({ email: 'nobody-here@example.com' }) },
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'none',
    body: {
      schema: resetPasswordSchema,
      valid: () => ({ token: 'a'.repeat(43), password: 'correct-horse-battery-2' }),
    },
  },
  // A token well formed but signed by no one: no attempt unsubscribes anybody.
  {
    method: 'GET',
    path: '/api/unsubscribe',
    auth: 'none',
    query: unsubscribeQuery,
  },
  {
    method: 'POST',
    path: '/api/unsubscribe',
    auth: 'none',
    formBody: true,
    query: unsubscribeQuery,
    body: { schema: oneClickBodySchema, valid: () => ({ 'List-Unsubscribe': 'One-Click' }) },
  },
  // A token that names no confirmation link: no attempt confirms an address.
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    auth: 'none',
    body: { schema: verifyEmailSchema, valid: () => ({ token: 'a'.repeat(43) }) },
  },
  { method: 'POST', path: '/api/user/verification-email', auth: 'user' },
  {
    method: 'PUT',
    path: '/api/user/password',
    auth: 'user',
    body: {
      schema: changePasswordSchema,
      valid: () => ({ currentPassword: 'not-the-password', newPassword: 'correct-horse-battery-2' }),
    },
  },
  { method: 'GET', path: '/api/user/settings', auth: 'user' },
  {
    method: 'PATCH',
    path: '/api/user/settings',
    auth: 'user',
    body: {
      schema: settingsSchema,
      valid: (s) => ({
        name: 'Ada',
        surname: 'Lovelace',
        email: s.owner.email,
        phoneNumber: '+44 20 7946 0958',
      }),
    },
  },
  { method: 'GET', path: '/api/user/users', auth: 'user' },
  { method: 'GET', path: '/api/user/export', auth: 'user' },
  { method: 'GET', path: '/api/user/notification-settings', auth: 'user' },
  {
    method: 'PUT',
    path: '/api/user/notification-settings',
    auth: 'user',
    body: {
      schema: notificationSettingsSchema,
      valid: () => ({
        messages: 'email',
        alertMatches: 'digest',
        likesAndComments: 'in-app',
        moderation: 'email',
      }),
    },
  },
  {
    method: 'DELETE',
    path: '/api/user',
    auth: 'user',
    // A wrong password, so that no attempt built from it deletes the account the barrage runs as.
    body: { schema: deleteAccountSchema, valid: () => ({ password: 'not-the-owners-password' }) },
  },
  {
    method: 'POST',
    path: '/api/feedback',
    auth: 'optional',
    body: { schema: feedbackSchema, valid: () => ({ description: 'Lovely app', email: 'fan@example.com' }) },
  },
  {
    method: 'POST',
    path: '/api/proposition',
    auth: 'user',
    body: { schema: propositionSchema, valid: () => ({ proposition: 'Zig', filterType: 'toolsExperience' }) },
  },
  {
    method: 'GET',
    path: '/api/chat/conversation',
    auth: 'user',
    query: {
      schemas: [conversationQuerySchema],
      fields: [
        { name: 'friendId', kind: 'id' },
        { name: 'before', kind: 'id' },
        { name: 'limit', kind: 'page' },
      ],
      valid: (s) => ({ friendId: s.friendId }),
    },
  },
  { method: 'GET', path: '/api/chat/conversations', auth: 'user' },
  { method: 'GET', path: '/api/chat/unread', auth: 'user' },
  { method: 'GET', path: '/api/notifications', auth: 'user' },
  { method: 'POST', path: '/api/notifications/read', auth: 'user' },
  ...(['/api/chat/sendMessage', '/api/chat/singlePage/sendMessage'] as const).map((path): RouteEntry => ({
    method: 'POST',
    path,
    auth: 'user',
    body: { schema: sendMessageSchema, valid: (s) => ({ id: s.friendId, message: 'Hello there' }) },
  })),
  { method: 'GET', path: '/api/post', auth: 'optional', query: page },
  {
    method: 'POST',
    path: '/api/post',
    auth: 'user',
    body: { schema: postSchema, valid: () => ({ data: 'A new post', image: PNG_1PX }) },
  },
  { method: 'GET', path: '/api/post/:id/image', auth: 'none', id: (s) => s.postId, absentIdStatus: 404 },
  { method: 'POST', path: '/api/post/:id/like', auth: 'user', id: (s) => s.postId, absentIdStatus: 404 },
  { method: 'DELETE', path: '/api/post/:id/like', auth: 'user', id: (s) => s.postId, absentIdStatus: 404 },
  {
    method: 'POST',
    path: '/api/post/:id/comments',
    auth: 'user',
    id: (s) => s.postId,
    absentIdStatus: 404,
    body: { schema: commentSchema, valid: () => ({ data: 'Nice one' }) },
  },
  ...(['/api/project/traditional_filtering_all', '/api/teammate/traditional_filtering'] as const).map(
    (path): RouteEntry => ({
      method: 'POST',
      path,
      auth: 'optional',
      body: { schema: filteringRequestSchema, valid: () => filtering },
    }),
  ),
  ...(['/api/sort', '/embedder/sort'] as const).map((path): RouteEntry => ({
    method: 'POST',
    path,
    auth: path.startsWith('/api') ? 'optional' : 'none',
    body: { schema: sortRequestSchema, valid: () => sort },
  })),
  {
    method: 'POST',
    path: '/api/search/click',
    auth: 'optional',
    body: {
      schema: searchClickSchema,
      valid: (s) => ({
        eventId: '0b6f3c1e-6a3e-4d47-9a43-2f1c6d1e0a01',
        recordId: s.friendProjectId,
        rank: 3,
      }),
    },
  },
  ...(['/api/ml', '/embedder/ml'] as const).map((path): RouteEntry => ({
    method: 'POST',
    path,
    auth: 'none',
    body: { schema: labelSuggestionRequestSchema, valid: () => ml },
  })),
  {
    method: 'POST',
    path: '/embedder/embed',
    auth: 'none',
    body: { schema: embedRequestSchema, valid: () => ({ texts: ['solar map', 'runners'] }) },
  },
  { method: 'GET', path: '/embedder/health', auth: 'none' },
  { method: 'GET', path: '/api/project', auth: 'optional', query: page },
  {
    method: 'GET',
    path: '/api/project/:id',
    auth: 'optional',
    id: (s) => s.friendProjectId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/project',
    auth: 'user',
    body: { schema: withKnownOptions(projectCreateSchema), valid: () => project },
  },
  {
    method: 'PUT',
    path: '/api/project/editProject/:id',
    auth: 'user',
    id: (s) => s.ownProjectId,
    absentIdStatus: 404,
    body: { schema: withKnownOptions(projectEditSchema), valid: () => project },
  },
  { method: 'GET', path: '/api/user/myProjects', auth: 'user', query: page },
  {
    method: 'DELETE',
    path: '/api/user/myProjects',
    auth: 'user',
    body: { schema: deleteProjectSchema, valid: (s) => ({ project_id: s.ownProjectId }) },
  },
  { method: 'GET', path: '/api/user/myProjectsIds', auth: 'user' },
  { method: 'GET', path: '/api/teammate', auth: 'optional', query: page },
  { method: 'GET', path: '/api/teammates', auth: 'optional', query: page },
  {
    method: 'GET',
    path: '/api/teammate/:id',
    auth: 'optional',
    id: (s) => s.friendProfileId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/teammate',
    auth: 'user',
    body: { schema: withKnownOptions(profileCreateSchema), valid: () => profile },
  },
  {
    method: 'PUT',
    path: '/api/teammate/editTeammate',
    auth: 'user',
    body: { schema: withKnownOptions(profileEditSchema), valid: () => profile },
  },
  { method: 'GET', path: '/api/user/myTeammate', auth: 'user' },
  {
    method: 'PUT',
    path: '/api/user/myTeammate/open',
    auth: 'user',
    body: { schema: openSwitchSchema, valid: () => ({ open: true }) },
  },
  {
    method: 'PUT',
    path: '/api/project/:id/open',
    auth: 'user',
    id: (s) => s.ownProjectId,
    absentIdStatus: 404,
    body: { schema: openSwitchSchema, valid: () => ({ open: true }) },
  },
  { method: 'GET', path: '/api/user/projects/found', auth: 'user', query: page },
  { method: 'GET', path: '/api/user/teammates/found', auth: 'user', query: page },
  {
    method: 'POST',
    path: '/api/user/projects/found/filter',
    auth: 'user',
    body: { schema: savedFilteringRequestSchema, valid: () => ({ ...filtering, text: 'solar map' }) },
  },
  {
    method: 'POST',
    path: '/api/user/projects/:id',
    auth: 'user',
    id: (s) => s.friendProjectId,
    absentIdStatus: 404,
  },
  {
    method: 'DELETE',
    path: '/api/user/projects/:id',
    auth: 'user',
    id: (s) => s.friendProjectId,
    absentIdStatus: null,
  },
  {
    method: 'POST',
    path: '/api/user/teammates/:id',
    auth: 'user',
    id: (s) => s.friendProfileId,
    absentIdStatus: 404,
  },
  {
    method: 'DELETE',
    path: '/api/user/teammates/:id',
    auth: 'user',
    id: (s) => s.friendProfileId,
    absentIdStatus: null,
  },
  { method: 'GET', path: '/api/user/savedIds', auth: 'user' },
  {
    method: 'POST',
    path: '/api/reports',
    auth: 'user',
    body: {
      schema: reportSchema,
      valid: (s) => ({ targetKind: 'project', targetId: s.friendProjectId, reason: 'spam', text: 'Spam' }),
    },
  },
  { method: 'GET', path: '/api/user/saved-searches', auth: 'user' },
  {
    method: 'POST',
    path: '/api/user/saved-searches',
    auth: 'user',
    body: { schema: createSavedSearchSchema, valid: () => savedSearch },
  },
  {
    method: 'PUT',
    path: '/api/user/saved-searches/:id',
    auth: 'user',
    id: (s) => s.savedSearchId,
    absentIdStatus: 404,
    body: { schema: createSavedSearchSchema, valid: () => savedSearch },
  },
  {
    method: 'PATCH',
    path: '/api/user/saved-searches/:id',
    auth: 'user',
    id: (s) => s.savedSearchId,
    absentIdStatus: 404,
    body: { schema: updateSavedSearchSchema, valid: () => ({ name: 'Renamed', alerts: true }) },
  },
  {
    method: 'DELETE',
    path: '/api/user/saved-searches/:id',
    auth: 'user',
    id: (s) => s.savedSearchId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/user/saved-searches/:id/view',
    auth: 'user',
    id: (s) => s.savedSearchId,
    absentIdStatus: 404,
  },
  { method: 'GET', path: '/api/user/blocks', auth: 'user' },
  { method: 'POST', path: '/api/user/blocks/:id', auth: 'user', id: (s) => s.friendId, absentIdStatus: 404 },
  {
    method: 'DELETE',
    path: '/api/user/blocks/:id',
    auth: 'user',
    id: (s) => s.friendId,
    absentIdStatus: null,
  },
  { method: 'GET', path: '/api/admin/stats', auth: 'admin' },
  {
    method: 'POST',
    path: '/api/admin/reindex',
    auth: 'admin',
    body: { schema: reindexRequestSchema, valid: () => ({ kind: 'project' }) },
  },
  { method: 'POST', path: '/api/admin/jobs/retry-failed', auth: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/propositions',
    auth: 'admin',
    query: {
      schemas: [pageQuerySchema, propositionFilterSchema],
      fields: [
        { name: 'page', kind: 'page' },
        { name: 'filterType', kind: 'enum' },
      ],
      valid: () => ({ page: '1', filterType: 'toolsExperience' }),
    },
  },
  {
    method: 'GET',
    path: '/api/admin/analytics',
    auth: 'admin',
    query: {
      schemas: [analyticsQuerySchema],
      fields: [
        { name: 'from', kind: 'enum' },
        { name: 'to', kind: 'enum' },
      ],
      valid: () => ({ from: '2031-05-01', to: '2031-05-04' }),
    },
  },
  {
    method: 'GET',
    path: '/api/admin/reports',
    auth: 'admin',
    query: {
      schemas: [pageQuerySchema, reportFilterSchema],
      fields: [
        { name: 'page', kind: 'page' },
        { name: 'status', kind: 'enum' },
      ],
      valid: () => ({ page: '1', status: 'open' }),
    },
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/hide',
    auth: 'admin',
    id: (s) => s.reportId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/restore',
    auth: 'admin',
    id: (s) => s.reportId,
    absentIdStatus: 404,
  },
  {
    method: 'POST',
    path: '/api/admin/reports/:id/dismiss',
    auth: 'admin',
    id: (s) => s.reportId,
    absentIdStatus: 404,
  },
  ...(['GET', 'DELETE'] as const).map((method): RouteEntry => ({
    method,
    path: method === 'GET' ? '/api/admin/users/export' : '/api/admin/users',
    auth: 'admin',
    // An address no account has, so that no attempt built from it deletes one.
    query: {
      schemas: [accountEmailQuerySchema],
      fields: [{ name: 'email', kind: 'enum' }],
      valid: () => ({ email: 'nobody@example.com' }),
    },
  })),
  {
    method: 'DELETE',
    path: '/api/admin/propositions/:id',
    auth: 'admin',
    id: (s) => s.propositionId,
    absentIdStatus: 404,
  },
];

/** The socket.io events a client may emit, with a payload the gateway accepts. */
export const SOCKET_EVENTS = ['join', 'chat'] as const;

export const routeKey = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path}`;
