import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { type Choice, matchChoices, pickOption, unpickOption } from '../../lib/listing-form';

/** Long lists (hundreds of roles or tools) show this many matches; typing narrows them down. */
const MATCHES_SHOWN = 40;

export interface TagPickerProps {
  /** Names the list, e.g. "Project Type". */
  label: string;
  choices: readonly Choice[];
  picked: readonly string[];
  onChange(next: string[]): void;
  error?: string;
  /** Extra controls on each picked option, e.g. a tool's level. */
  renderPicked?(label: string): ReactNode;
  /** How many records each option would find, shown beside the options that have a count. */
  counts?: Readonly<Record<string, number>>;
  /** Picked options that stand for their absence, shown as "not: <option>". */
  excluded?: readonly string[];
  /**
   * What to offer when the typed text matches no option left to pick, e.g. proposing it as a new
   * option; `clearQuery` empties the search box once that is done.
   */
  renderNoMatch?(query: string, clearQuery: () => void): ReactNode;
}

/**
 * A searchable multi-select: the options not picked yet, filtered by a
 * case-insensitive substring, and the picked ones, each removable. Enter picks the first match and
 * clears the search.
 */
export const TagPicker = ({
  label,
  choices,
  picked,
  onChange,
  error,
  renderPicked,
  renderNoMatch,
  counts,
  excluded,
}: TagPickerProps) => {
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = useMemo(
    () => matchChoices(choices, query, picked, counts),
    [choices, query, picked, counts],
  );

  const typed = query.trim();

  const pick = (option: string) => onChange(pickOption(picked, option));
  const remove = (option: string) => onChange(unpickOption(picked, option));

  const pickFirstOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter belongs to the picker here: it must never submit the whole form.
    event.preventDefault();
    if (typed && matches[0]) {
      pick(matches[0].label);
      setQuery('');
    }
  };

  return (
    <div className="tag-picker">
      {picked.length > 0 ? (
        <ul className="tag-picker__picked" aria-label={`Picked ${label}`}>
          {picked.map((item) => (
            <li
              key={item}
              className={`tag-picker__chip${excluded?.includes(item) ? ' tag-picker__chip--excluded' : ''}`}
            >
              <span>{excluded?.includes(item) ? `not: ${item}` : item}</span>
              <OptionCount count={counts?.[item]} />
              {renderPicked?.(item)}
              <button
                type="button"
                className="tag-picker__remove"
                aria-label={`Remove ${item}`}
                onClick={() => remove(item)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tag-picker__none">Nothing picked yet.</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          Search {label}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="field__control"
          placeholder="Type to filter; Enter picks the first match"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={pickFirstOnEnter}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      {matches.length > 0 ? (
        <ul className="tag-picker__options" aria-label={`All ${label}`}>
          {matches.slice(0, MATCHES_SHOWN).map((choice) => (
            <li key={choice.label}>
              <button type="button" className="tag-picker__option" onClick={() => pick(choice.label)}>
                {choice.label}
                <OptionCount count={counts?.[choice.label]} />
              </button>
            </li>
          ))}
        </ul>
      ) : typed ? (
        <>
          <p className="tag-picker__none">No option matches “{typed}”.</p>
          {renderNoMatch?.(typed, () => setQuery(''))}
        </>
      ) : (
        <p className="tag-picker__none">Every option is picked.</p>
      )}
      {matches.length > MATCHES_SHOWN && (
        <p className="tag-picker__more">
          {matches.length - MATCHES_SHOWN} more options. Keep typing to narrow the list.
        </p>
      )}
    </div>
  );
};

/** An option's record count, read as "(42)"; nothing when the option has none. */
const OptionCount = ({ count }: { count: number | undefined }) =>
  count !== undefined && <span className="tag-picker__count"> ({count})</span>;
