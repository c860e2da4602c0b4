const FLAG_OF = { Remote: 'workingTypeRemote', Office: 'workingTypeOffice' } as const;
type WorkingTypeFlag = (typeof FLAG_OF)[keyof typeof FLAG_OF];

const isKnownType = (type: string): type is keyof typeof FLAG_OF => Object.hasOwn(FLAG_OF, type);

interface WorkingTypeFieldProps {
  /** The working types of GET /api/options: Remote and Office. */
  types: readonly string[];
  value: Record<WorkingTypeFlag, boolean>;
  onChange(patch: Partial<Record<WorkingTypeFlag, boolean>>): void;
}

/** Remote, Office or both, each kept as its own yes/no field. */
export const WorkingTypeField = ({ types, value, onChange }: WorkingTypeFieldProps) => (
  <fieldset className="choice-group">
    <legend className="visually-hidden">Working type</legend>
    {types.filter(isKnownType).map((type) => (
      <label key={type} className="choice-group__option">
        <input
          type="checkbox"
          checked={value[FLAG_OF[type]]}
          onChange={(event) => onChange({ [FLAG_OF[type]]: event.target.checked })}
        />
        {type}
      </label>
    ))}
  </fieldset>
);
