import { z } from 'zod';
import type { TeammateFields } from '../teammate';
import {
  availabilityRangeField,
  checkOrder,
  checkRoleShares,
  collaborationMonthsField,
  completeRoleShares,
  DESCRIPTION_MAX_LENGTH,
  dropEmptyFields,
  flagField,
  LISTING_NAME_MAX_LENGTH,
  requiredFirst,
  roleShareField,
  LISTING_SHORT_TEXT_MAX_LENGTH,
  TAG_FIELDS,
  textField,
  toolsExperienceField,
  weeklyHoursField,
  withoutUndefined,
} from './listing-fields';

const teammateFields = {
  nickname: textField('Nickname', LISTING_NAME_MAX_LENGTH),
  toolsExperience: toolsExperienceField,
  projectType: TAG_FIELDS.projectType,
  productType: TAG_FIELDS.productType,
  offeredGratification: TAG_FIELDS.offeredGratification,
  forGratification: TAG_FIELDS.forGratification,
  description: textField('Description', DESCRIPTION_MAX_LENGTH),
  softSkills: TAG_FIELDS.softSkills,
  hardSkills: TAG_FIELDS.hardSkills,
  areaOfExpertise: TAG_FIELDS.areaOfExpertise,
  usedLanguages: TAG_FIELDS.usedLanguages,
  locations: TAG_FIELDS.locations,
  workingTypeRemote: flagField('Remote'),
  workingTypeOffice: flagField('Office'),
  bizRole: roleShareField('Business role'),
  techRole: roleShareField('Tech role'),
  availability: weeklyHoursField('Availability'),
  deadline: collaborationMonthsField('Collaboration duration'),
  availabilityFrom: availabilityRangeField('Availability from'),
  availabilityTo: availabilityRangeField('Availability to'),
  availabilityType: textField('Availability type', LISTING_SHORT_TEXT_MAX_LENGTH),
};

export type TeammateFieldName = keyof typeof teammateFields;
export const TEAMMATE_FIELD_NAMES = Object.keys(teammateFields) as TeammateFieldName[];

/** Spec section 5: what the create-profile form must have before it is sent. */
export const TEAMMATE_CREATE_REQUIRED = [
  'nickname',
  'toolsExperience',
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly TeammateFieldName[];

/**
 * The specification names no rule for editing a profile; it follows the project edit rule, so a
 * profile keeps what its card shows (name, project type, reward, compensation basis, tools).
 */
export const TEAMMATE_EDIT_REQUIRED = [
  'nickname',
  'toolsExperience',
  'projectType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly TeammateFieldName[];

const teammateSchema = <K extends TeammateFieldName>(required: readonly K[]) =>
  z.preprocess(
    dropEmptyFields({ fields: TEAMMATE_FIELD_NAMES, keepZero: ['bizRole', 'techRole'] }),
    z
      .strictObject(requiredFirst(teammateFields, required))
      .superRefine(checkRoleShares)
      .superRefine(checkOrder('availabilityFrom', 'availabilityTo', 'Availability must start before it ends'))
      .transform((teammate) => withoutUndefined(completeRoleShares(teammate))),
  );

/** A new skiller profile; empty fields are left out. */
export const teammateCreateSchema = teammateSchema(TEAMMATE_CREATE_REQUIRED);

/** An edited profile replaces the editable fields: whatever the form leaves empty is cleared. */
export const teammateEditSchema = teammateSchema(TEAMMATE_EDIT_REQUIRED);

/** Fails to compile if what the schemas produce stops being a profile's fields. */
type Fits<T extends TeammateFields> = T;
export type TeammateInput = Fits<z.output<typeof teammateCreateSchema>>;
export type TeammateEditInput = Fits<z.output<typeof teammateEditSchema>>;
