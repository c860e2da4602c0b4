import type { VocabularyKey } from '@skillers/domain';
import type { TagListField } from '../../lib/listing-form';

/** A part of a form and the fields it holds, so a problem in a field can open its section. */
export interface SectionDef {
  id: string;
  title: string;
  fields: readonly string[];
}

export interface TagSectionDef extends SectionDef {
  field: TagListField;
  vocabulary: Exclude<VocabularyKey, 'tool'>;
}

const tagSection = (
  field: TagListField,
  title: string,
  vocabulary: Exclude<VocabularyKey, 'tool'>,
): TagSectionDef => ({ id: field, title, fields: [field], field, vocabulary });

/** The tag lists in the order the forms show them, each with its option list from GET /api/options. */
export const TAG_SECTIONS: readonly TagSectionDef[] = [
  tagSection('projectType', 'Project Type', 'projectType'),
  tagSection('productType', 'Product Type', 'productType'),
  tagSection('offeredGratification', 'Reward', 'reward'),
  tagSection('forGratification', 'Compensation Basis', 'compensationBasis'),
  tagSection('areaOfExpertise', 'Industry', 'industry'),
  tagSection('softSkills', 'Soft Skills', 'softSkill'),
  tagSection('hardSkills', 'Target Roles', 'role'),
  tagSection('usedLanguages', 'Languages', 'language'),
  tagSection('locations', 'Locations', 'country'),
];

export const TOOLS_SECTION: SectionDef = { id: 'tools', title: 'Tools', fields: ['toolsExperience'] };
export const WORKING_TYPE_SECTION: SectionDef = {
  id: 'workingType',
  title: 'Working Type',
  fields: ['workingTypeRemote', 'workingTypeOffice'],
};
export const AVAILABILITY_SECTION: SectionDef = {
  id: 'availability',
  title: 'Weekly Availability',
  fields: ['availability', 'availabilityFrom', 'availabilityTo', 'availabilityType'],
};
export const ROLES_SECTION: SectionDef = {
  id: 'roles',
  title: 'Business / Tech',
  fields: ['bizRole', 'techRole'],
};

/**
 * Every section of a project or profile form, in order: the form's own first section (name and
 * description), the shared ones, and its time section (a deadline or a collaboration length).
 */
export const formSections = (basics: SectionDef, time: SectionDef): SectionDef[] => [
  basics,
  TOOLS_SECTION,
  ...TAG_SECTIONS,
  WORKING_TYPE_SECTION,
  AVAILABILITY_SECTION,
  time,
  ROLES_SECTION,
];
