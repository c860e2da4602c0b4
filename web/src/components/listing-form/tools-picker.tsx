import { TOOL_LEVEL_MAX, type ToolExperience, type ToolOption } from '@skillers/domain';
import { useMemo } from 'react';
import type { Choice } from '../../lib/listing-form';
import { TagPicker, type TagPickerProps } from './tag-picker';

interface ToolsPickerProps {
  tools: readonly ToolOption[];
  value: readonly ToolExperience[];
  onChange(next: ToolExperience[]): void;
  error?: string;
  /** The lowest level offered, which a newly picked tool starts at: 0 in the forms, 1 in the filters. */
  minLevel?: number;
  renderNoMatch?: TagPickerProps['renderNoMatch'];
  counts?: TagPickerProps['counts'];
  excluded?: TagPickerProps['excluded'];
  /** More controls on each picked tool, after its level. */
  renderPicked?: TagPickerProps['renderPicked'];
}

/** Tools picked like any tag (also found by their other names, "k8s"), each with a level up to 5. */
export const ToolsPicker = ({
  tools,
  value,
  onChange,
  error,
  minLevel = 0,
  renderNoMatch,
  counts,
  excluded,
  renderPicked,
}: ToolsPickerProps) => {
  const levels = Array.from({ length: TOOL_LEVEL_MAX + 1 - minLevel }, (_, index) => minLevel + index);
  const choices = useMemo<Choice[]>(
    () => tools.map((tool) => ({ label: tool.name, keywords: tool.aliases })),
    [tools],
  );
  const picked = useMemo(() => value.map((entry) => entry.tool), [value]);
  const levelOf = (tool: string) => value.find((entry) => entry.tool === tool)?.mep ?? minLevel;

  return (
    <div className="tools-picker">
      <p className="tools-picker__levels">
        Each tool has a level of experience, from 0 (none yet) to {TOOL_LEVEL_MAX} (expert).
      </p>
      <TagPicker
        label="Tools"
        choices={choices}
        picked={picked}
        error={error}
        renderNoMatch={renderNoMatch}
        counts={counts}
        excluded={excluded}
        // A new tool starts at level 0 in the forms and at 1 in the filters.
        onChange={(names) => onChange(names.map((tool) => ({ tool, mep: levelOf(tool) })))}
        renderPicked={(tool) => (
          <>
            <select
              className="tag-picker__level"
              aria-label={`Level for ${tool}`}
              value={levelOf(tool)}
              onChange={(event) =>
                onChange(
                  value.map((entry) =>
                    entry.tool === tool ? { tool, mep: Number(event.target.value) } : entry,
                  ),
                )
              }
            >
              {levels.map((level) => (
                <option key={level} value={level}>
                  Level {level}
                </option>
              ))}
            </select>
            {renderPicked?.(tool)}
          </>
        )}
      />
    </div>
  );
};
