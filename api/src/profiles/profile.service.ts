import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  initialFreshness,
  LISTING_MESSAGES,
  pageCount,
  type PublicUser,
  PROFILE_FIELD_NAMES,
  type ProfileEditInput,
  type ProfileInput,
  type ProfileRecord,
  type ProfileView,
} from '@skillers/domain';
import { DuplicateKeyError, newId } from '@skillers/store';
import { SAVED_MARKS, type SavedMarks } from '../core/saved-marks.port';
import { RecordChangesService } from '../indexing/record-changes.service';
import { UsersRepository } from '../auth/users.repository';
import { toPublicUser } from '../users/users.service';
import { ProfileRepository } from './profile.repository';
import { toProfileView } from './profile-view';

const profileExists = () => new ConflictException(LISTING_MESSAGES.profileExists);

@Injectable()
export class ProfileService {
  constructor(
    private readonly profiles: ProfileRepository,
    @Inject(SAVED_MARKS) private readonly saved: SavedMarks,
    private readonly users: UsersRepository,
    private readonly changes: RecordChangesService,
  ) {}

  async list(page: number, viewerId?: string): Promise<{ teammates: ProfileView[]; teammatesPages: number }> {
    const { items, total } = await this.profiles.page(page);
    return { teammates: await this.views(items, viewerId), teammatesPages: pageCount(total) };
  }

  async detail(
    id: string,
    viewerId?: string,
  ): Promise<{ teammate: ProfileView; teammate_creator: PublicUser | null }> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundException(LISTING_MESSAGES.profileNotFound);
    const [[view], creator] = await Promise.all([
      this.views([profile], viewerId),
      this.users.findById(profile.ownerId),
    ]);
    return { teammate: view, teammate_creator: creator ? toPublicUser(creator) : null };
  }

  /** One profile per user; the store's unique owner index settles two creations racing each other. */
  async create(ownerId: string, input: ProfileInput): Promise<{ message: string; teammate: ProfileView }> {
    if (await this.profiles.findByOwner(ownerId)) throw profileExists();
    const now = new Date().toISOString();
    const profile: ProfileRecord = {
      ...input,
      _id: newId(),
      ownerId,
      createdAt: now,
      updatedAt: now,
      ...initialFreshness(now),
    };
    const change = this.changes.change('teammate', profile._id);
    try {
      await this.profiles.insert(profile, change.write);
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.fields.includes('ownerId')) throw profileExists();
      throw error;
    }
    this.changes.written(change);
    return { message: LISTING_MESSAGES.profileCreated, teammate: toProfileView(profile) };
  }

  /** Edits the caller's own profile; the form sends the whole profile, so fields it leaves out are cleared. */
  async editOwn(
    ownerId: string,
    input: ProfileEditInput,
  ): Promise<{ message: string; teammate: ProfileView }> {
    const current = await this.profiles.findByOwner(ownerId);
    if (!current) throw new NotFoundException(LISTING_MESSAGES.noProfileYet);
    const cleared = PROFILE_FIELD_NAMES.filter((field) => !(field in input));
    const change = this.changes.change('teammate', current._id);
    const now = new Date().toISOString();
    const updated = await this.profiles.update(
      current._id,
      { ...input, updatedAt: now, lastActiveAt: now },
      cleared,
      change.write,
    );
    this.changes.written(change);
    if (!updated) throw new NotFoundException(LISTING_MESSAGES.noProfileYet);
    return { message: LISTING_MESSAGES.profileUpdated, teammate: toProfileView(updated) };
  }

  async mine(ownerId: string): Promise<{ userTeammateProfile: ProfileView | null }> {
    const profile = await this.profiles.findByOwner(ownerId);
    return { userTeammateProfile: profile ? toProfileView(profile) : null };
  }

  /** The profiles with these ids in the order given (the search's ranking), with the viewer's saved marks. */
  async viewsInOrder(ids: readonly string[], viewerId?: string): Promise<ProfileView[]> {
    const found = new Map((await this.profiles.findByIds(ids)).map((profile) => [profile._id, profile]));
    return this.views(
      ids.flatMap((id) => found.get(id) ?? []),
      viewerId,
    );
  }

  private async views(profiles: ProfileRecord[], viewerId?: string): Promise<ProfileView[]> {
    if (!viewerId) return profiles.map((profile) => toProfileView(profile));
    const saved = await this.saved.savedAmong(
      viewerId,
      'teammate',
      profiles.map((profile) => profile._id),
    );
    return profiles.map((profile) => toProfileView(profile, saved.has(profile._id)));
  }
}
