import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import {
  LISTING_MESSAGES,
  pageCount,
  type ProjectView,
  type SavedKind,
  type ProfileView,
} from '@skillers/domain';
import { ProjectRepository } from '../projects/project.repository';
import { ProfileRepository } from '../profiles/profile.repository';
import { toProfileView } from '../profiles/profile-view';
import { withFreshness } from '../common/with-freshness';
import { SavedRepository } from './saved.repository';

export interface SaveAnswer {
  message: string;
  saved: boolean;
}

@Injectable()
export class SavedService {
  constructor(
    private readonly saved: SavedRepository,
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async saveProject(userId: string, projectId: string): Promise<SaveAnswer> {
    const project = await this.projects.findById(projectId);
    if (!project) throw new NotFoundException(LISTING_MESSAGES.projectNotFound);
    if (project.ownerId === userId) throw new BadRequestException(LISTING_MESSAGES.ownProjectNotSavable);
    await this.saved.save(userId, 'project', projectId);
    return { message: LISTING_MESSAGES.projectSaved, saved: true };
  }

  async saveProfile(userId: string, profileId: string): Promise<SaveAnswer> {
    const profile = await this.profiles.findById(profileId);
    if (!profile) throw new NotFoundException(LISTING_MESSAGES.profileNotFound);
    if (profile.ownerId === userId) throw new BadRequestException(LISTING_MESSAGES.ownProfileNotSavable);
    await this.saved.save(userId, 'teammate', profileId);
    return { message: LISTING_MESSAGES.profileSaved, saved: true };
  }

  /** Forgetting is idempotent: an item that was never saved, or no longer exists, is simply not saved. */
  async forget(userId: string, kind: SavedKind, itemId: string): Promise<SaveAnswer> {
    await this.saved.forget(userId, kind, itemId);
    const message =
      kind === 'project' ? LISTING_MESSAGES.projectForgotten : LISTING_MESSAGES.profileForgotten;
    return { message, saved: false };
  }

  async foundProjects(
    userId: string,
    page: number,
  ): Promise<{ projects: ProjectView[]; projectPages: number }> {
    const { items, pages } = await this.found(userId, 'project', page, (ids) => this.projects.findByIds(ids));
    const now = new Date();
    return {
      projects: items.map((project) => ({ ...withFreshness(project, now), isSaved: true })),
      projectPages: pages,
    };
  }

  async foundProfiles(
    userId: string,
    page: number,
  ): Promise<{ teammates: ProfileView[]; teammatesPages: number }> {
    const { items, pages } = await this.found(userId, 'teammate', page, (ids) =>
      this.profiles.findByIds(ids),
    );
    return { teammates: items.map((profile) => toProfileView(profile, true)), teammatesPages: pages };
  }

  async savedIds(userId: string): Promise<{ projectIds: string[]; teammateIds: string[] }> {
    const [projectIds, profileIds] = await Promise.all([
      this.saved.itemIds(userId, 'project'),
      this.saved.itemIds(userId, 'teammate'),
    ]);
    return { projectIds, teammateIds: profileIds };
  }

  /**
   * One page of saved items, most recently saved first. An item deleted while it was being saved
   * leaves an entry behind: it is skipped here and the entry dropped, so later pages count right.
   */
  private async found<T extends { _id: string }>(
    userId: string,
    kind: SavedKind,
    page: number,
    load: (ids: string[]) => Promise<T[]>,
  ): Promise<{ items: T[]; pages: number }> {
    const { entries, total } = await this.saved.page(userId, kind, page);
    const byId = new Map((await load(entries.map((entry) => entry.itemId))).map((item) => [item._id, item]));
    const dangling = entries.filter((entry) => !byId.has(entry.itemId));
    await this.saved.removeEntries(dangling.map((entry) => entry._id));
    return {
      items: entries.flatMap((entry) => byId.get(entry.itemId) ?? []),
      pages: pageCount(total - dangling.length),
    };
  }
}
