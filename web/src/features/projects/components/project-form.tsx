import {
  PROJECT_CREATE_REQUIRED,
  PROJECT_EDIT_REQUIRED,
  PROJECT_FIELD_NAMES,
  projectCreateSchema,
  projectEditSchema,
  type ProjectView,
} from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DeadlinePicker } from '../../../components/listing-form/deadline-picker';
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
import { calendarDay, toDateValue } from '../../../lib/dates';
import {
  LISTING_FORM_DEFAULTS,
  type ListingFormValues,
  listingPayload,
  listingValuesFrom,
  missesRequired,
} from '../../../lib/listing-form';
import type { OptionLists } from '../../../lib/options';
import { myProjectIdsQuery } from '../../../lib/ownership';
import { createProject, editProject, projectQuery } from '../api/projects.api';

type ProjectFormValues = ListingFormValues & { projectName: string; projectGoal: string; deadline: string };

const DEFAULTS: ProjectFormValues = {
  ...LISTING_FORM_DEFAULTS,
  projectName: '',
  projectGoal: '',
  deadline: '',
};

const BASICS: SectionDef = {
  id: 'basics',
  title: 'Name and Description',
  fields: ['projectName', 'description', 'projectGoal'],
};
const DEADLINE: SectionDef = { id: 'deadline', title: 'Deadline', fields: ['deadline'] };
const SECTIONS = formSections(BASICS, DEADLINE);

/** The fields this form edits; the rest of a project (set elsewhere) is sent back unchanged. */
const FORM_FIELDS = new Set<string>(SECTIONS.flatMap((section) => section.fields));

const valuesFrom = (project: ProjectView): ProjectFormValues => {
  const deadline = calendarDay(project.deadline);
  return {
    ...listingValuesFrom(project),
    projectName: project.projectName,
    projectGoal: project.projectGoal ?? '',
    deadline: deadline ? toDateValue(deadline) : '',
  };
};

/** An edit replaces every editable field, so what this form does not show must travel along. */
const untouchedFields = (project: ProjectView) =>
  Object.fromEntries(
    PROJECT_FIELD_NAMES.filter((field) => !FORM_FIELDS.has(field)).map((field) => [field, project[field]]),
  );

interface ProjectFormProps {
  options: OptionLists;
  /** The project being edited; without one the form adds a new project. */
  project?: ProjectView;
}

/**
 * Add or edit a project. Adding needs a product type, editing does not.
 * Both go to My Projects, as the spec says; an add resets the form and offers a link to the new project.
 */
export const ProjectForm = ({ options, project }: ProjectFormProps) => {
  const editing = project !== undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useListingForm<ProjectFormValues>(project ? valuesFrom(project) : DEFAULTS, SECTIONS);
  const { values, errors, change } = form;
  const required = new Set<string>(editing ? PROJECT_EDIT_REQUIRED : PROJECT_CREATE_REQUIRED);

  const save = useMutation({
    mutationFn: (send: () => Promise<{ project: ProjectView }>) => send(),
    onSuccess: async ({ project: saved }) => {
      if (project) await queryClient.invalidateQueries(projectQuery(project._id));
      else form.reset();
      await queryClient.invalidateQueries(myProjectIdsQuery);
      const created = { name: saved.projectName, href: `/projects/${saved._id}` };
      void navigate('/projects/my', project ? undefined : { state: createdState(created) });
    },
    onError: form.fail,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const raw = {
      ...(project && untouchedFields(project)),
      ...listingPayload(values),
      projectName: values.projectName,
      projectGoal: values.projectGoal,
      deadline: values.deadline,
    };
    if (project) {
      const body = form.check(projectEditSchema, raw);
      if (body) save.mutate(() => editProject(project._id, body));
    } else {
      const body = form.check(projectCreateSchema, raw);
      if (body) save.mutate(() => createProject(body));
    }
  };

  return (
    <form
      className="form-card listing-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit project' : 'Add project'}
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
          label="Project name"
          value={values.projectName}
          onChange={(event) => change({ projectName: event.target.value })}
          error={errors.projectName}
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
        <TextField
          label="Project goal"
          value={values.projectGoal}
          onChange={(event) => change({ projectGoal: event.target.value })}
          error={errors.projectGoal}
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
          section: DEADLINE,
          content: (
            <DeadlinePicker
              label="Deadline"
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
