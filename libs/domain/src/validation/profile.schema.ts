import { z } from 'zod';
import type { ProfileFields } from '../profile';
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

const profileFields = {
  nickname: textField('Nickname', LISTING_NAME_MAX_LENGTH),
  ...LISTING_CORE_TAG_FIELDS,
  description: textField('Description', DESCRIPTION_MAX_LENGTH),
  ...LISTING_PROFILE_FIELDS,
  availability: weeklyHoursField('Availability'),
  deadline: collaborationMonthsField('Collaboration duration'),
  ...LISTING_AVAILABILITY_RANGE_FIELDS,
};

export type ProfileFieldName = keyof typeof profileFields;
export const PROFILE_FIELD_NAMES = Object.keys(profileFields) as ProfileFieldName[];

/** What the create-profile form must have before it is sent. */
export const PROFILE_CREATE_REQUIRED = [
  'nickname',
  'toolsExperience',
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly ProfileFieldName[];

/**
 * The specification names no rule for editing a profile; it follows the project edit rule, so a
 * profile keeps what its card shows (name, project type, reward, compensation basis, tools).
 */
export const PROFILE_EDIT_REQUIRED = [
  'nickname',
  'toolsExperience',
  'projectType',
  'offeredGratification',
  'forGratification',
] as const satisfies readonly ProfileFieldName[];

const profileSchema = <K extends ProfileFieldName>(required: readonly K[]) =>
  z.preprocess(
    dropEmptyFields({ fields: PROFILE_FIELD_NAMES, keepZero: ['bizRole', 'techRole'] }),
    z
      .strictObject(requiredFirst(profileFields, required))
      .superRefine(checkRoleShares)
      .superRefine(checkOrder('availabilityFrom', 'availabilityTo', 'Availability must start before it ends'))
      .transform((profile) => withoutUndefined(completeRoleShares(profile))),
  );

/** A new profile; empty fields are left out. */
export const profileCreateSchema = profileSchema(PROFILE_CREATE_REQUIRED);

/** An edited profile replaces the editable fields: whatever the form leaves empty is cleared. */
export const profileEditSchema = profileSchema(PROFILE_EDIT_REQUIRED);

/** Fails to compile if what the schemas produce stops being a profile's fields. */
type Fits<T extends ProfileFields> = T;
export type ProfileInput = Fits<z.output<typeof profileCreateSchema>>;
export type ProfileEditInput = Fits<z.output<typeof profileEditSchema>>;
