import type { ProjectRecord } from '@skillers/domain';
import { newId } from '@skillers/store';

/** A minimal stored project with every required list filled, for indexing tests. */
export const projectRecord = (name: string): ProjectRecord => ({
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
});
