import { z } from 'zod';
import type { ProjectFields } from '../project';
import {
  checkOrder,
  checkRoleShares,
  completeRoleShares,
  dateField,
  DESCRIPTION_MAX_LENGTH,
  dropEmptyFields,
  hoursRangeField,
  LISTING_AVAILABILITY_RANGE_FIELDS,
  LISTING_CORE_TAG_FIELDS,
  LISTING_NAME_MAX_LENGTH,
  LISTING_PROFILE_FIELDS,
  LISTING_SHORT_TEXT_MAX_LENGTH,
  requiredFirst,
  SECTOR_DETAILS_MAX_LENGTH,
  TAG_FIELDS,
  textField,
  weeklyHoursField,
  withoutUndefined,
} from './listing-fields';
import { objectIdSchema } from './object-id';

const projectFields = {
  projectName: textField('Project name', LISTING_NAME_MAX_LENGTH),
  ...LISTING_CORE_TAG_FIELDS,
  description: textField('Description', DESCRIPTION_MAX_LENGTH),
  projectGoal: textField('Project goal', DESCRIPTION_MAX_LENGTH),
  ...LISTING_PROFILE_FIELDS,
  deadline: dateField('Deadline'),
  availability: weeklyHoursField('Availability'),
  ...LISTING_AVAILABILITY_RANGE_FIELDS,
  deadlineFrom: dateField('Deadline from'),
  deadlineTo: dateField('Deadline to'),
  baseLocation: TAG_FIELDS.baseLocation,
  weeklyEngagement: hoursRangeField('Weekly engagement'),
  bizPosition: textField('Business position', LISTING_SHORT_TEXT_MAX_LENGTH),
  techPosition: textField('Tech position', LISTING_SHORT_TEXT_MAX_LENGTH),
  sectorDetails: textField('Sector details', SECTOR_DETAILS_MAX_LENGTH),
  personalAssets: TAG_FIELDS.personalAssets,
  speakingLanguagesRequired: TAG_FIELDS.speakingLanguagesRequired,
};

export type ProjectFieldName = keyof typeof projectFields;
export const PROJECT_FIELD_NAMES = Object.keys(projectFields) as ProjectFieldName[];

/** What the add-project form must have before it is sent. */
export const PROJECT_CREATE_REQUIRED = [
  'projectName',
  'toolsExperience',
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly ProjectFieldName[];

/** The edit form does not insist on a product type. */
export const PROJECT_EDIT_REQUIRED = [
  'projectName',
  'toolsExperience',
  'projectType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly ProjectFieldName[];

const projectSchema = <K extends ProjectFieldName>(required: readonly K[]) =>
  z.preprocess(
    dropEmptyFields({
      fields: PROJECT_FIELD_NAMES,
      keepZero: ['bizRole', 'techRole'],
      nested: { weeklyEngagement: ['from', 'to'] },
    }),
    z
      .strictObject(requiredFirst(projectFields, required))
      .superRefine(checkRoleShares)
      .superRefine(checkOrder('availabilityFrom', 'availabilityTo', 'Availability must start before it ends'))
      .superRefine(checkOrder('deadlineFrom', 'deadlineTo', 'Deadline range must start before it ends'))
      .transform((project) => withoutUndefined(completeRoleShares(project))),
  );

/** A new project. Every field of a project is written; empty ones are left out. */
export const projectCreateSchema = projectSchema(PROJECT_CREATE_REQUIRED);

/** An edited project replaces the editable fields: whatever the form leaves empty is cleared. */
export const projectEditSchema = projectSchema(PROJECT_EDIT_REQUIRED);

export const deleteProjectSchema = z.strictObject({
  project_id: objectIdSchema,
});

/** Fails to compile if what the schemas produce stops being a project's fields. */
type Fits<T extends ProjectFields> = T;
export type ProjectInput = Fits<z.output<typeof projectCreateSchema>>;
export type ProjectEditInput = Fits<z.output<typeof projectEditSchema>>;
export type DeleteProjectInput = z.infer<typeof deleteProjectSchema>;
