import { ForbiddenException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import {
  FRESHNESS_MESSAGES,
  type FreshnessFields,
  lapseToNotify,
  lastActiveAtOf,
  LISTING_MESSAGES,
  MS_PER_DAY,
  OPEN_LAPSE_DAYS,
  openConfirmedAtOf,
  type ProjectRecord,
  type ProjectView,
  SIGN_IN_TOUCH_INTERVAL_MS,
  type ProfileRecord,
  type ProfileView,
} from '@skillers/domain';
import { SignInListeners } from '../auth/sign-in-listeners';
import { RecordChangesService } from '../indexing/record-changes.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ProjectRepository } from '../projects/project.repository';
import { ProfileRepository } from '../profiles/profile.repository';
import { toProfileView } from '../profiles/profile-view';
import { UsersRepository } from '../auth/users.repository';
import { withFreshness } from '../common/with-freshness';

type Listing = { kind: 'project'; record: ProjectRecord } | { kind: 'teammate'; record: ProfileRecord };

/** The switch as stored: on confirms it now, off closes it; either is activity of the owner. */
const switchFields = (open: boolean, now: string): FreshnessFields =>
  open
    ? { openToCollaborate: true, openConfirmedAt: now, lastActiveAt: now }
    : { openToCollaborate: false, lastActiveAt: now };

/**
 * Last active and open to collaborate. Editing a record marks it active (the listing services do that);
 * a sign-in marks all the owner's records active, at most once per SIGN_IN_TOUCH_INTERVAL_MS, and tells the
 * owner, once per lapse, of a switch that lapsed. Each write goes through the index outbox like an edit.
 */
@Injectable()
export class FreshnessService implements OnModuleInit {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
    private readonly users: UsersRepository,
    private readonly changes: RecordChangesService,
    private readonly notifications: NotificationsService,
    private readonly signIns: SignInListeners,
  ) {}

  onModuleInit(): void {
    this.signIns.add((userId) => this.signedIn(userId));
  }

  async setProjectOpen(
    userId: string,
    id: string,
    open: boolean,
  ): Promise<{ message: string; project: ProjectView }> {
    const project = await this.projects.findById(id);
    if (!project) throw new NotFoundException(LISTING_MESSAGES.projectNotFound);
    if (project.ownerId !== userId) throw new ForbiddenException(LISTING_MESSAGES.notProjectOwner);
    const updated = await this.write({ kind: 'project', record: project }, switchFields(open, nowIso()));
    if (!updated) throw new NotFoundException(LISTING_MESSAGES.projectNotFound);
    return { message: message(open), project: withFreshness(updated as ProjectRecord) };
  }

  async setOwnProfileOpen(
    userId: string,
    open: boolean,
  ): Promise<{ message: string; teammate: ProfileView }> {
    const profile = await this.profiles.findByOwner(userId);
    if (!profile) throw new NotFoundException(LISTING_MESSAGES.noProfileYet);
    const updated = await this.write({ kind: 'teammate', record: profile }, switchFields(open, nowIso()));
    if (!updated) throw new NotFoundException(LISTING_MESSAGES.noProfileYet);
    return { message: message(open), teammate: toProfileView(updated as ProfileRecord) };
  }

  /** Reads the owner's records (two indexed reads) and writes only those that need it. */
  async signedIn(userId: string): Promise<void> {
    const now = new Date();
    const [projects, profile] = await Promise.all([
      this.projects.ownedBy(userId),
      this.profiles.findByOwner(userId),
    ]);
    const listings: Listing[] = [
      ...projects.map((record): Listing => ({ kind: 'project', record })),
      ...(profile ? [{ kind: 'teammate' as const, record: profile }] : []),
    ];
    for (const listing of listings) {
      const { record } = listing;
      const set: FreshnessFields = {};
      if (now.getTime() - Date.parse(lastActiveAtOf(record)) >= SIGN_IN_TOUCH_INTERVAL_MS) {
        set.lastActiveAt = now.toISOString();
      }
      const lapsed = lapseToNotify(record, now);
      if (lapsed) set.openLapseNotifiedFor = openConfirmedAtOf(record);
      if (Object.keys(set).length === 0) continue;
      await this.write(listing, set);
      if (lapsed) await this.notifyLapse(userId, listing);
    }
  }

  /**
   * Tells the owners of every record whose switch lapsed by `now`, once per lapse, whether or not they sign
   * in; the daily sweep calls it. Resolves to how many owners were told.
   */
  async notifyLapsed(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - OPEN_LAPSE_DAYS * MS_PER_DAY).toISOString();
    const [projects, profiles] = await Promise.all([
      this.projects.confirmedBefore(cutoff),
      this.profiles.confirmedBefore(cutoff),
    ]);
    const listings: Listing[] = [
      ...projects.map((record): Listing => ({ kind: 'project', record })),
      ...profiles.map((record): Listing => ({ kind: 'teammate', record })),
    ];
    let told = 0;
    for (const listing of listings) {
      if (!lapseToNotify(listing.record, now)) continue;
      await this.write(listing, { openLapseNotifiedFor: openConfirmedAtOf(listing.record) });
      await this.notifyLapse(listing.record.ownerId, listing);
      told++;
    }
    return told;
  }

  private async notifyLapse(userId: string, { kind, record }: Listing): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return;
    await this.notifications.notifyOwner(userId, {
      kind: 'open_lapsed',
      actor: { _id: user._id, username: user.username },
      listing: {
        kind,
        id: record._id,
        name: kind === 'project' ? record.projectName : record.nickname,
      },
    });
  }

  private async write(listing: Listing, set: FreshnessFields): Promise<ProjectRecord | ProfileRecord | null> {
    const change = this.changes.change(listing.kind, listing.record._id);
    const updated =
      listing.kind === 'project'
        ? await this.projects.update(listing.record._id, set, [], change.write)
        : await this.profiles.update(listing.record._id, set, [], change.write);
    this.changes.written(change);
    return updated;
  }
}

const nowIso = () => new Date().toISOString();

const message = (open: boolean) => (open ? FRESHNESS_MESSAGES.reconfirmed : FRESHNESS_MESSAGES.closed);
