import {
  PROFILE_CREATE_REQUIRED,
  PROFILE_EDIT_REQUIRED,
  profileCreateSchema,
  profileEditSchema,
  type ProfileView,
} from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CollabDurationField } from '../../../components/listing-form/collab-duration-field';
import { DescriptionField } from '../../../components/listing-form/description-field';
import { createdState } from '../../../components/listings/created-notice';
import { ErrorSummary } from '../../../components/listing-form/error-summary';
import { FormSection } from '../../../components/listing-form/form-section';
import { ListingSections } from '../../../components/listing-form/listing-sections';
import { formSections, type SectionDef } from '../../../components/listing-form/sections';
import { useListingForm } from '../../../components/listing-form/use-listing-form';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import {
  emptyIsZero,
  LISTING_FORM_DEFAULTS,
  type ListingFormValues,
  listingPayload,
  listingValuesFrom,
  missesRequired,
} from '../../../lib/listing-form';
import type { OptionLists } from '../../../lib/options';
import { myProfileQuery } from '../../../lib/ownership';
import { createProfile, editProfile, profileQuery } from '../api/profiles.api';

type ProfileFormValues = ListingFormValues & { nickname: string; deadline: string };

const DEFAULTS: ProfileFormValues = { ...LISTING_FORM_DEFAULTS, nickname: '', deadline: '' };

const BASICS: SectionDef = {
  id: 'basics',
  title: 'Nickname and Description',
  fields: ['nickname', 'description'],
};
const DURATION: SectionDef = { id: 'duration', title: 'Collaboration Duration', fields: ['deadline'] };
const SECTIONS = formSections(BASICS, DURATION);

const valuesFrom = (profile: ProfileView): ProfileFormValues => ({
  ...listingValuesFrom(profile),
  nickname: profile.nickname,
  deadline: profile.deadline ? String(profile.deadline) : '',
});

interface ProfileFormProps {
  options: OptionLists;
  /** The user's profile being edited; without one the form creates it. */
  profile?: ProfileView;
}

/**
 * Create or edit the user's profile. Creating resets the form and goes to the profiles, as the spec says,
 * with a link to the new profile; editing goes to My Skills.
 */
export const ProfileForm = ({ options, profile }: ProfileFormProps) => {
  const editing = profile !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useListingForm<ProfileFormValues>(profile ? valuesFrom(profile) : DEFAULTS, SECTIONS);
  const { values, errors, change } = form;
  const required = new Set<string>(editing ? PROFILE_EDIT_REQUIRED : PROFILE_CREATE_REQUIRED);

  const save = useMutation({
    mutationFn: (send: () => Promise<{ teammate: ProfileView }>) => send(),
    onSuccess: async ({ teammate: saved }) => {
      if (profile) await queryClient.invalidateQueries(profileQuery(profile._id));
      else form.reset();
      await queryClient.invalidateQueries(myProfileQuery);
      if (editing) void navigate('/skillers/my');
      else
        void navigate('/teammates', {
          state: createdState({ name: saved.nickname, href: `/teammates/${saved._id}` }),
        });
    },
    onError: form.fail,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw = {
      ...listingPayload(values),
      nickname: values.nickname,
      deadline: emptyIsZero(values.deadline),
    };
    if (editing) {
      const body = form.check(profileEditSchema, raw);
      if (body) save.mutate(() => editProfile(body));
    } else {
      const body = form.check(profileCreateSchema, raw);
      if (body) save.mutate(() => createProfile(body));
    }
  };

  return (
    <form
      className="form-card listing-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit skiller profile' : 'Add skiller profile'}
    >
      <ErrorSummary
        sections={SECTIONS}
        errors={errors}
        failedSubmits={form.failedSubmits}
        onPick={form.focusField}
      />
      <FormSection
        sectionId={BASICS.id}
        title={BASICS.title}
        required={missesRequired(BASICS.fields, required, values)}
        open={form.openSection === BASICS.id}
        onToggle={() => form.toggle(BASICS.id)}
      >
        <TextField
          label="Nickname"
          value={values.nickname}
          onChange={(event) => change({ nickname: event.target.value })}
          error={errors.nickname}
          aria-required="true"
        />
        <DescriptionField
          label="Description"
          rows={editing ? 8 : 6}
          maxRows={editing ? 10 : 8}
          value={values.description}
          onChange={(description) => change({ description })}
          error={errors.description}
        />
      </FormSection>
      <ListingSections
        values={values}
        change={change}
        errors={errors}
        openSection={form.openSection}
        toggle={form.toggle}
        required={required}
        options={options}
        time={{
          section: DURATION,
          content: (
            <CollabDurationField
              value={values.deadline}
              onChange={(deadline) => change({ deadline })}
              error={errors.deadline}
            />
          ),
        }}
      />
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <div className="listing-form__actions">
        <Button type="submit" busy={save.isPending}>
          Submit
        </Button>
      </div>
    </form>
  );
};
