import type { SearchKind } from '@skillers/domain';
import { useId } from 'react';

const TABS: readonly { kind: SearchKind; label: string }[] = [
  { kind: 'project', label: 'Projects' },
  { kind: 'teammate', label: 'Teammates' },
];

/** The find screen searches projects or profiles. */
export const KindTabs = ({ value, onChange }: { value: SearchKind; onChange(kind: SearchKind): void }) => {
  const name = useId();
  return (
    <fieldset className="kind-tabs">
      <legend className="visually-hidden">Search for</legend>
      {TABS.map((tab) => (
        <label
          key={tab.kind}
          className={`kind-tabs__tab${value === tab.kind ? ' kind-tabs__tab--active' : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={tab.kind}
            checked={value === tab.kind}
            onChange={() => onChange(tab.kind)}
          />
          {tab.label}
        </label>
      ))}
    </fieldset>
  );
};
