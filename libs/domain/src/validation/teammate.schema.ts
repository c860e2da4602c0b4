import { z } from 'zod';
import type { TeammateFields } from '../teammate';
import {
  checkOrder,
  checkRoleShares,
  collaborationMonthsField,
  completeRoleShares,
  DESCRIPTION_MAX_LENGTH,
  dropEmptyFields,
  LISTING_AVAILABILITY_RANGE_FIELDS,
  LISTING_CORE_TAG_FIELDS,
  LISTING_NAME_MAX_LENGTH,
  LISTING_PROFILE_FIELDS,
  requiredFirst,
  textField,
  weeklyHoursField,
  withoutUndefined,
} from './listing-fields';

const teammateFields = {
  nickname: textField('Nickname', LISTING_NAME_MAX_LENGTH),
  ...LISTING_CORE_TAG_FIELDS,
  description: textField('Description', DESCRIPTION_MAX_LENGTH),
  ...LISTING_PROFILE_FIELDS,
  availability: weeklyHoursField('Availability'),
  deadline: collaborationMonthsField('Collaboration duration'),
  ...LISTING_AVAILABILITY_RANGE_FIELDS,
};

export type TeammateFieldName = keyof typeof teammateFields;
export const TEAMMATE_FIELD_NAMES = Object.keys(teammateFields) as TeammateFieldName[];

/** What the create-profile form must have before it is sent. */
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
