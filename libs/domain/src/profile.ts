import type { FreshnessFields } from './freshness';
import type { ToolExperience } from './project';

/** The fields of a profile; `deadline` is how many months they are willing to collaborate. */
export interface ProfileFields {
  nickname: string;
  toolsExperience: ToolExperience[];
  projectType: string[];
  productType?: string[];
  offeredGratification: string[];
  forGratification: string[];
  description?: string;
  softSkills?: string[];
  hardSkills?: string[];
  areaOfExpertise?: string[];
  usedLanguages?: string[];
  locations?: string[];
  workingTypeRemote?: boolean;
  workingTypeOffice?: boolean;
  bizRole: number;
  techRole: number;
  availability?: number;
  deadline?: number;
  availabilityFrom?: number;
  availabilityTo?: number;
  availabilityType?: string;
}

export interface ProfileRecord extends ProfileFields, FreshnessFields {
  _id: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

/** Names the cards and the profile page use for stored lists; derived, so they never drift apart. */
export interface ProfileDisplayFields {
  reward: string[];
  compensationBasis: string[];
  tools: string[];
  skillsOrientation: string[];
}

/** A profile as the API shows it; `isMyTeammate` (saved by the asking user) only when signed in. */
export interface ProfileView extends ProfileRecord, ProfileDisplayFields {
  isMyTeammate?: boolean;
  /** Open to collaborate right now (see `freshnessView`); views always carry it. */
  openNow?: boolean;
}

export const profileDisplayFields = (
  profile: Pick<
    ProfileFields,
    'offeredGratification' | 'forGratification' | 'toolsExperience' | 'bizRole' | 'techRole'
  >,
): ProfileDisplayFields => ({
  reward: [...profile.offeredGratification],
  compensationBasis: [...profile.forGratification],
  tools: profile.toolsExperience.map((entry) => entry.tool),
  skillsOrientation: skillsOrientation(profile.bizRole, profile.techRole),
});

/** The larger share names the orientation; an even split is both. */
const skillsOrientation = (bizRole: number, techRole: number): string[] => {
  if (bizRole > techRole) return ['Business'];
  if (techRole > bizRole) return ['Tech'];
  return ['Business', 'Tech'];
};
