interface MustNotToggleProps {
  option: string;
  pressed: boolean;
  onToggle(): void;
}

/**
 * Marks a listed option as excluded: no result has it, whatever else is picked. A toggle button like the
 * must-have one beside it, so a keyboard reaches it with Tab and flips it with Enter or Space.
 */
export const MustNotToggle = ({ option, pressed, onToggle }: MustNotToggleProps) => (
  <button
    type="button"
    className="must-have-toggle must-have-toggle--exclude"
    aria-pressed={pressed}
    aria-label={`Exclude ${option}`}
    title={pressed ? 'No result has it' : 'Leave out every result that has it'}
    onClick={onToggle}
  >
    {pressed ? 'Excluded' : 'Exclude'}
  </button>
);
