import type { ReactNode } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import { type ListingFormValues, missesRequired } from '../../lib/listing-form';
import type { OptionLists } from '../../lib/options';
import { AvailabilityFields } from './availability-fields';
import { FormSection } from './form-section';
import { RoleSplitField } from './role-split-field';
import {
  AVAILABILITY_SECTION,
  ROLES_SECTION,
  type SectionDef,
  TAG_SECTIONS,
  TOOLS_SECTION,
  WORKING_TYPE_SECTION,
} from './sections';
import { TagPicker } from './tag-picker';
import { ToolsPicker } from './tools-picker';
import { WorkingTypeField } from './working-type-field';
import './listing-form.css';

interface ListingSectionsProps {
  values: ListingFormValues;
  change(patch: Partial<ListingFormValues>): void;
  errors: FieldErrors;
  openSection: string | null;
  toggle(id: string): void;
  /** The fields this form insists on; their sections carry the red x until they are filled. */
  required: ReadonlySet<string>;
  options: OptionLists;
  /** The project's deadline or the profile's collaboration length, just before the role split. */
  time: { section: SectionDef; content: ReactNode };
}

const pickedCount = (count: number) => (count > 0 ? `${count} picked` : undefined);

/** The sections projects and skiller profiles share, from tools to the business/tech split. */
export const ListingSections = ({
  values,
  change,
  errors,
  openSection,
  toggle,
  required,
  options,
  time,
}: ListingSectionsProps) => {
  const section = (def: SectionDef, content: ReactNode, summary?: string) => (
    <FormSection
      key={def.id}
      sectionId={def.id}
      title={def.title}
      required={missesRequired(def.fields, required, values)}
      summary={summary}
      open={openSection === def.id}
      onToggle={() => toggle(def.id)}
    >
      {content}
    </FormSection>
  );

  return (
    <>
      {section(
        TOOLS_SECTION,
        <ToolsPicker
          tools={options.tool}
          value={values.toolsExperience}
          onChange={(toolsExperience) => change({ toolsExperience })}
          error={errors.toolsExperience}
        />,
        pickedCount(values.toolsExperience.length),
      )}
      {TAG_SECTIONS.map((tags) =>
        section(
          tags,
          <TagPicker
            label={tags.title}
            choices={options[tags.vocabulary].map((label) => ({ label }))}
            picked={values[tags.field]}
            onChange={(picked) => change({ [tags.field]: picked })}
            error={errors[tags.field]}
          />,
          pickedCount(values[tags.field].length),
        ),
      )}
      {section(
        WORKING_TYPE_SECTION,
        <WorkingTypeField types={options.workingType} value={values} onChange={change} />,
      )}
      {section(AVAILABILITY_SECTION, <AvailabilityFields value={values} onChange={change} errors={errors} />)}
      {section(time.section, time.content)}
      {section(ROLES_SECTION, <RoleSplitField value={values} onChange={change} errors={errors} />)}
    </>
  );
};
