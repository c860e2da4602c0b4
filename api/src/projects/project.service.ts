import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  initialFreshness,
  LISTING_MESSAGES,
  pageCount,
  PROJECT_FIELD_NAMES,
  type ProjectEditInput,
  type ProjectInput,
  type ProjectRecord,
  type ProjectView,
  type PublicUser,
} from '@skillers/domain';
import { newId } from '@skillers/store';
import { withFreshness } from '../common/with-freshness';
import { AppEvents } from '../core/events/app-events.service';
import { SAVED_MARKS, type SavedMarks } from '../core/saved-marks.port';
import { RecordChangesService } from '../indexing/record-changes.service';
import { UsersRepository } from '../auth/users.repository';
import { toPublicUser } from '../users/users.service';
import { ProjectRepository } from './project.repository';

@Injectable()
export class ProjectService {
  constructor(
    private readonly projects: ProjectRepository,
    @Inject(SAVED_MARKS) private readonly saved: SavedMarks,
    private readonly users: UsersRepository,
    private readonly changes: RecordChangesService,
    private readonly events: AppEvents,
  ) {}

  async list(page: number, viewerId?: string): Promise<{ projects: ProjectView[]; projectsPages: number }> {
    const { items, total } = await this.projects.page(page);
    return { projects: await this.withSavedMarks(items, viewerId), projectsPages: pageCount(total) };
  }

  async detail(
    id: string,
    viewerId?: string,
  ): Promise<{ project: ProjectView; project_creator: PublicUser | null }> {
    const project = await this.existing(id);
    const [[view], creator] = await Promise.all([
      this.withSavedMarks([project], viewerId),
      this.users.findById(project.ownerId),
    ]);
    return { project: view, project_creator: creator ? toPublicUser(creator) : null };
  }

  async create(ownerId: string, input: ProjectInput): Promise<{ message: string; project: ProjectRecord }> {
    const now = new Date().toISOString();
    const project: ProjectRecord = {
      ...input,
      _id: newId(),
      ownerId,
      createdAt: now,
      updatedAt: now,
      ...initialFreshness(now),
    };
    const change = this.changes.change('project', project._id);
    await this.projects.insert(project, change.write);
    this.changes.written(change);
    return { message: LISTING_MESSAGES.projectCreated, project: withFreshness(project) };
  }

  /** The form sends the whole project: fields it leaves out are cleared. */
  async edit(
    userId: string,
    id: string,
    input: ProjectEditInput,
  ): Promise<{ message: string; project: ProjectRecord }> {
    await this.owned(userId, id);
    const cleared = PROJECT_FIELD_NAMES.filter((field) => !(field in input));
    const change = this.changes.change('project', id);
    const now = new Date().toISOString();
    const updated = await this.projects.update(
      id,
      { ...input, updatedAt: now, lastActiveAt: now },
      cleared,
      change.write,
    );
    this.changes.written(change);
    if (!updated) throw new NotFoundException(LISTING_MESSAGES.projectNotFound);
    return { message: LISTING_MESSAGES.projectUpdated, project: withFreshness(updated) };
  }

  async mine(
    ownerId: string,
    page: number,
  ): Promise<{ UserProjects: ProjectRecord[]; myProjectsPages: number }> {
    const { items, total } = await this.projects.page(page, ownerId);
    const now = new Date();
    return { UserProjects: items.map((item) => withFreshness(item, now)), myProjectsPages: pageCount(total) };
  }

  async myIds(ownerId: string): Promise<{ myProjectsIds: string[] }> {
    return { myProjectsIds: await this.projects.idsOwnedBy(ownerId) };
  }

  /** Deleting a project also forgets it for everyone who saved it. */
  async remove(userId: string, id: string): Promise<{ message: string; project_id: string }> {
    await this.owned(userId, id);
    const change = this.changes.removal('project', id);
    await this.projects.delete(id, change.write);
    this.changes.written(change);
    await this.events.publish('record.deleted', { kind: 'project', id });
    return { message: LISTING_MESSAGES.projectDeleted, project_id: id };
  }

  private async existing(id: string): Promise<ProjectRecord> {
    const project = await this.projects.findById(id);
    if (!project) throw new NotFoundException(LISTING_MESSAGES.projectNotFound);
    return project;
  }

  private async owned(userId: string, id: string): Promise<ProjectRecord> {
    const project = await this.existing(id);
    if (project.ownerId !== userId) throw new ForbiddenException(LISTING_MESSAGES.notProjectOwner);
    return project;
  }

  /** The projects with these ids in the order given (the search's ranking), with the viewer's saved marks. */
  async viewsInOrder(ids: readonly string[], viewerId?: string): Promise<ProjectView[]> {
    const found = new Map((await this.projects.findByIds(ids)).map((project) => [project._id, project]));
    return this.withSavedMarks(
      ids.flatMap((id) => found.get(id) ?? []),
      viewerId,
    );
  }

  /** Every view carries its freshness; signed-in viewers also their saved marks. */
  private async withSavedMarks(records: ProjectRecord[], viewerId?: string): Promise<ProjectView[]> {
    const now = new Date();
    const projects = records.map((record) => withFreshness(record, now));
    if (!viewerId) return projects;
    const saved = await this.saved.savedAmong(
      viewerId,
      'project',
      projects.map((project) => project._id),
    );
    return projects.map((project) => ({ ...project, isSaved: saved.has(project._id) }));
  }
}
