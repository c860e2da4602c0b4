import { TOOL_LEVEL_MAX, type ToolExperience, type ToolOption } from '@skillers/domain';
import { useMemo } from 'react';
import type { Choice } from '../../lib/listing-form';
import { TagPicker } from './tag-picker';

const LEVELS = Array.from({ length: TOOL_LEVEL_MAX + 1 }, (_, level) => level);

interface ToolsPickerProps {
  tools: readonly ToolOption[];
  value: readonly ToolExperience[];
  onChange(next: ToolExperience[]): void;
  error?: string;
}

/** Tools picked like any tag (also found by their other names, "k8s"), each with a level of 0 to 5. */
export const ToolsPicker = ({ tools, value, onChange, error }: ToolsPickerProps) => {
  const choices = useMemo<Choice[]>(
    () => tools.map((tool) => ({ label: tool.name, keywords: tool.aliases })),
    [tools],
  );
  const picked = useMemo(() => value.map((entry) => entry.tool), [value]);
  const levelOf = (tool: string) => value.find((entry) => entry.tool === tool)?.mep ?? 0;

  return (
    <TagPicker
      label="Tools"
      choices={choices}
      picked={picked}
      error={error}
      // A new tool starts at level 0, the form default (spec section 3).
      onChange={(names) => onChange(names.map((tool) => ({ tool, mep: levelOf(tool) })))}
      renderPicked={(tool) => (
        <select
          className="tag-picker__level"
          aria-label={`Level for ${tool}`}
          value={levelOf(tool)}
          onChange={(event) =>
            onChange(
              value.map((entry) => (entry.tool === tool ? { tool, mep: Number(event.target.value) } : entry)),
            )
          }
        >
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              Level {level}
            </option>
          ))}
        </select>
      )}
    />
  );
};
