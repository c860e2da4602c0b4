import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  conversationPairKey,
  DELETED_USERNAME,
  type InvitationAnswerRecord,
  type InvitationCreate,
  type InvitationDeclineReason,
  INVITATION_MESSAGES,
  invitationOpening,
  type InvitationRecord,
  INVITATIONS_PER_PROJECT_PER_DAY,
  type InvitationsPage,
  type InvitationView,
  type ProfileRecord,
  type ProjectRecord,
  type PublicUser,
  TRUST_MESSAGES,
} from '@skillers/domain';
import { DuplicateKeyError, newId } from '@skillers/store';
import { UsersRepository } from '../auth/users.repository';
import { ChatRepository } from '../chat/chat.repository';
import { ChatService } from '../chat/chat.service';
import { FirstContactLimit } from '../chat/first-contact-limit';
import { assertUnderDailyCap } from '../common/rate-limits';
import { AppEvents } from '../core/events/app-events.service';
import { MatchesService } from '../matches/matches.service';
import { ProfileRepository } from '../profiles/profile.repository';
import { ProjectRepository } from '../projects/project.repository';
import { BlocksRepository } from '../trust/blocks.repository';
import { toPublicUser } from '../users/users.service';
import { InvitationsRepository } from './invitations.repository';

/** Each side of `GET /invitations` lists this many, newest first. */
const LISTED = 50;
const DELETED_PROJECT = 'deleted project';
const DELETED_PROFILE = 'deleted profile';

type Answer = InvitationAnswerRecord['status'];

/** Where the web app showed the match, kept for the acceptance plots only (docs/analytics.md). */
const shownAs = ({
  shownScore: score,
  shownRank: rank,
}: InvitationCreate): Pick<InvitationRecord, 'shown'> =>
  score === undefined && rank === undefined
    ? {}
    : { shown: { ...(score !== undefined && { score }), ...(rank !== undefined && { rank }) } };

/**
 * Invitations instead of cold messages (docs/matching.md). Sending one reserves the pair's conversation, so
 * it counts toward the sender's first contacts, and the pair leaves both sides' matches at once; accepting
 * opens that conversation with the invitation as its first message.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
    private readonly users: UsersRepository,
    private readonly chats: ChatRepository,
    private readonly chat: ChatService,
    private readonly firstContacts: FirstContactLimit,
    private readonly blocks: BlocksRepository,
    private readonly matches: MatchesService,
    private readonly events: AppEvents,
  ) {}

  async send(
    userId: string,
    body: InvitationCreate,
  ): Promise<{ message: string; invitation: InvitationView }> {
    const project = await this.projects.findById(body.projectId);
    if (!project) throw new NotFoundException(INVITATION_MESSAGES.projectNotFound);
    const { profile, direction } = await this.pairOf(userId, project, body.teammateId);
    const toId = direction === 'invite' ? profile.ownerId : project.ownerId;
    if (toId === userId) throw new BadRequestException(INVITATION_MESSAGES.ownListing);
    if (await this.blocks.hasBlocked(userId, toId))
      throw new ForbiddenException(TRUST_MESSAGES.youBlockedThem);
    const pairKey = conversationPairKey(userId, toId);
    await this.assertPairFree(pairKey);

    const invitation = await this.firstContacts.startExclusive(userId, async () => {
      if (direction === 'invite') await this.assertProjectMaySend(project._id);
      const conversation = await this.chats.findConversationBetween(userId, toId);
      if (conversation && (await this.chats.latestMessage(conversation._id))) {
        throw new ConflictException(INVITATION_MESSAGES.alreadyTalking);
      }
      if (!conversation) await this.firstContacts.assertMayStart(userId);
      const now = new Date().toISOString();
      const reserved = conversation ?? (await this.chats.conversationBetween(userId, toId, now));
      const record: InvitationRecord = {
        _id: newId(),
        direction,
        projectId: project._id,
        profileId: profile._id,
        fromId: userId,
        toId,
        pairKey,
        ...(body.message && { message: body.message }),
        ...shownAs(body),
        conversationId: reserved._id,
        // Kept, as a message to a blocker is, so the sender cannot tell; the blocker never sees it.
        ...((await this.blocks.hasBlocked(toId, userId)) && { withheld: true }),
        createdAt: now,
      };
      try {
        return await this.invitations.insert(record);
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        await this.assertPairFree(pairKey);
        throw error;
      }
    });

    const [view] = await this.views([invitation]);
    if (!invitation.withheld) {
      await this.events.publish('invitation.sent', {
        invitation,
        sender: view.from,
        projectName: view.project.projectName,
      });
    }
    return { message: INVITATION_MESSAGES.sent, invitation: view };
  }

  /** The invitations the user received (from nobody they blocked) and sent, newest first. */
  async list(userId: string): Promise<InvitationsPage> {
    const [received, sent, blocked] = await Promise.all([
      this.invitations.receivedBy(userId, LISTED),
      this.invitations.sentBy(userId, LISTED),
      this.blocks.blockedIdsOf(userId),
    ]);
    const shown = received.filter((invitation) => !invitation.withheld && !blocked.has(invitation.fromId));
    const views = await this.views([...shown, ...sent]);
    return { received: views.slice(0, shown.length), sent: views.slice(shown.length) };
  }

  /**
   * Opens the conversation with the invitation as its first message, sent as the inviter. Accepting an
   * accepted invitation again finishes what a failure may have left undone, and changes nothing else.
   */
  async accept(userId: string, id: string) {
    const invitation = await this.invitedOne(userId, id);
    // A sender who deleted their account has nobody left to talk with.
    if (!(await this.users.findById(invitation.fromId))) {
      throw new NotFoundException(INVITATION_MESSAGES.senderGone);
    }
    const fresh = await this.answer(invitation, 'accepted');
    const [view] = await this.views([invitation]);
    await this.chat.openWithInvitation({
      messageId: invitation._id,
      conversationId: invitation.conversationId,
      senderId: invitation.fromId,
      recipientId: invitation.toId,
      text: invitationOpening(invitation, view.project.projectName),
    });
    if (fresh) await this.published(invitation, 'accepted', view);
    return {
      message: INVITATION_MESSAGES.accepted,
      invitation: view,
      conversationId: invitation.conversationId,
    };
  }

  /** The pair stays out of both sides' matches: its reserved conversation remains. */
  async decline(userId: string, id: string, reason: InvitationDeclineReason | undefined) {
    const invitation = await this.invitedOne(userId, id);
    const fresh = await this.answer(invitation, 'declined', reason);
    if (!fresh) throw new ConflictException(INVITATION_MESSAGES.alreadyAnswered);
    const [view] = await this.views([invitation]);
    await this.published(invitation, 'declined', view);
    return { message: INVITATION_MESSAGES.declined, invitation: view };
  }

  /** With a profile id the caller invites it to their own project; without, the caller's profile asks. */
  private async pairOf(
    userId: string,
    project: ProjectRecord,
    profileId: string | undefined,
  ): Promise<{ profile: ProfileRecord; direction: InvitationRecord['direction'] }> {
    if (profileId === undefined) {
      const profile = await this.profiles.findByOwner(userId);
      if (!profile) throw new NotFoundException(INVITATION_MESSAGES.noProfile);
      return { profile, direction: 'ask' };
    }
    if (project.ownerId !== userId) throw new ForbiddenException(INVITATION_MESSAGES.notYourProject);
    const profile = await this.profiles.findById(profileId);
    if (!profile) throw new NotFoundException(INVITATION_MESSAGES.profileNotFound);
    return { profile, direction: 'invite' };
  }

  /** One invitation per pair of users: says why the pair already has one. */
  private async assertPairFree(pairKey: string): Promise<void> {
    const existing = await this.invitations.findByPair(pairKey);
    if (!existing) return;
    const answer = await this.invitations.answerOf(existing._id);
    if (!answer) throw new ConflictException(INVITATION_MESSAGES.alreadyOpen);
    throw new ConflictException(
      answer.status === 'declined' ? INVITATION_MESSAGES.declinedBefore : INVITATION_MESSAGES.alreadyTalking,
    );
  }

  /** At most INVITATIONS_PER_PROJECT_PER_DAY sent for a project in any 24 hours. */
  private async assertProjectMaySend(projectId: string, now = Date.now()): Promise<void> {
    assertUnderDailyCap(
      await this.invitations.latestInvitesFor(projectId, INVITATIONS_PER_PROJECT_PER_DAY),
      INVITATIONS_PER_PROJECT_PER_DAY,
      INVITATION_MESSAGES.perProjectPerDay(INVITATIONS_PER_PROJECT_PER_DAY),
      now,
    );
  }

  /** The invitation, if the user received it; its sender is told it is not theirs to answer. */
  private async invitedOne(userId: string, id: string): Promise<InvitationRecord> {
    const invitation = await this.invitations.findById(id);
    if (invitation?.fromId === userId) throw new ForbiddenException(INVITATION_MESSAGES.notYours);
    if (invitation?.toId !== userId || invitation.withheld) {
      throw new NotFoundException(INVITATION_MESSAGES.notFound);
    }
    return invitation;
  }

  /**
   * Stores the one answer. Resolves to true when this call stored it, false when the same answer was there
   * already; another answer there is a conflict.
   */
  private async answer(invitation: InvitationRecord, status: Answer, reason?: InvitationDeclineReason) {
    try {
      await this.invitations.insertAnswer({
        _id: invitation._id,
        status,
        ...(reason && { reason }),
        answeredAt: new Date().toISOString(),
      });
      return true;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const stored = await this.invitations.answerOf(invitation._id);
      if (stored?.status !== status) throw new ConflictException(INVITATION_MESSAGES.alreadyAnswered);
      return false;
    }
  }

  private async published(invitation: InvitationRecord, status: Answer, view: InvitationView) {
    await this.events.publish('invitation.answered', {
      invitation,
      status,
      answerer: view.to,
      projectName: view.project.projectName,
    });
  }

  /** The invitations as their parties read them: names, answer, and the fit of project and profile. */
  private async views(invitations: InvitationRecord[]): Promise<InvitationView[]> {
    if (invitations.length === 0) return [];
    const ids = (pick: (invitation: InvitationRecord) => string) => [...new Set(invitations.map(pick))];
    const [projects, profiles, users, answers, fit] = await Promise.all([
      this.projects.findByIds(ids((invitation) => invitation.projectId)),
      this.profiles.findByIds(ids((invitation) => invitation.profileId)),
      this.users.findByIds(
        ids((invitation) => invitation.fromId).concat(ids((invitation) => invitation.toId)),
      ),
      this.invitations.answersOf(invitations.map((invitation) => invitation._id)),
      this.matches.fitMeasure(),
    ]);
    const projectById = new Map(projects.map((project) => [project._id, project]));
    const profileById = new Map(profiles.map((profile) => [profile._id, profile]));
    const userById = new Map(users.map((user) => [user._id, toPublicUser(user)]));
    const answerById = new Map(answers.map((answer) => [answer._id, answer]));
    const userOf = (id: string): PublicUser => userById.get(id) ?? { _id: id, username: DELETED_USERNAME };
    return invitations.map((invitation): InvitationView => {
      const project = projectById.get(invitation.projectId);
      const profile = profileById.get(invitation.profileId);
      const answer = answerById.get(invitation._id);
      return {
        _id: invitation._id,
        direction: invitation.direction,
        status: answer?.status ?? 'open',
        project: { _id: invitation.projectId, projectName: project?.projectName ?? DELETED_PROJECT },
        profile: { _id: invitation.profileId, nickname: profile?.nickname ?? DELETED_PROFILE },
        from: userOf(invitation.fromId),
        to: userOf(invitation.toId),
        ...(invitation.message && { message: invitation.message }),
        ...(answer?.reason && { reason: answer.reason }),
        createdAt: invitation.createdAt,
        ...(answer && { answeredAt: answer.answeredAt }),
        ...(project && profile && { why: fit(project, profile) }),
      };
    });
  }
}
