import type { FreshnessFields } from './freshness';
/** A tool a project needs or a profile offers, with the experience level (mep) on a 0-5 scale. */
export interface ToolExperience {
  tool: string;
  mep: number;
}

/** Hours per week, as a range. */
export interface HoursRange {
  from?: number;
  to?: number;
}

/**
 * The fields a project owner fills in. Lists hold tags; dates are ISO-8601 strings; numbers are
 * hours per week (availability) and percentage shares (bizRole + techRole = 100). Absent means unset.
 */
export interface ProjectFields {
  projectName: string;
  toolsExperience: ToolExperience[];
  projectType: string[];
  productType?: string[];
  offeredGratification: string[];
  forGratification: string[];
  description?: string;
  projectGoal?: string;
  softSkills?: string[];
  hardSkills?: string[];
  areaOfExpertise?: string[];
  usedLanguages?: string[];
  locations?: string[];
  workingTypeRemote?: boolean;
  workingTypeOffice?: boolean;
  bizRole: number;
  techRole: number;
  deadline?: string;
  availability?: number;
  availabilityFrom?: number;
  availabilityTo?: number;
  availabilityType?: string;
  // Shown on the project page; the forms may leave them out.
  deadlineFrom?: string;
  deadlineTo?: string;
  baseLocation?: string[];
  weeklyEngagement?: HoursRange;
  bizPosition?: string;
  techPosition?: string;
  sectorDetails?: string;
  personalAssets?: string[];
  speakingLanguagesRequired?: string[];
}

export interface ProjectRecord extends ProjectFields, FreshnessFields {
  _id: string;
  ownerId: string;
  createdAt: string;
  updatedAt: string;
}

/** A project as the API shows it; `isSaved` only when the asking user is signed in. */
export interface ProjectView extends ProjectRecord {
  isSaved?: boolean;
  /** Open to collaborate right now (see `freshnessView`); views always carry it. */
  openNow?: boolean;
}
