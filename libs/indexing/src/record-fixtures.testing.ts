import type { ProjectRecord, ProfileRecord, UserRecord } from '@skillers/domain';
import { newId } from '@skillers/store';

/** A minimal stored project with every required list filled, for indexing tests. */
export const projectRecord = (name: string, fields: Partial<ProjectRecord> = {}): ProjectRecord => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  projectName: name,
  toolsExperience: [{ tool: 'Elixir', mep: 2 }],
  projectType: ['Start Up'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  bizRole: 50,
  techRole: 50,
  ...fields,
});

/** A minimal stored profile with every required list filled, for indexing tests. */
export const profileRecord = (nickname: string, fields: Partial<ProfileRecord> = {}): ProfileRecord => ({
  _id: newId(),
  ownerId: newId(),
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  nickname,
  toolsExperience: [{ tool: 'Figma', mep: 4 }],
  projectType: ['Freelancing'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
  bizRole: 30,
  techRole: 70,
  ...fields,
});

/** A stored user with the fields notifications name them by, for alert tests. */
export const userRecord = (username: string, id: string = newId()): UserRecord =>
  ({
    _id: id,
    username,
    usernameKey: username,
    email: `${username}@example.com`,
    passwordHash: 'x',
  }) as UserRecord;
