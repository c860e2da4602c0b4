interface MustHaveToggleProps {
  option: string;
  pressed: boolean;
  onToggle(): void;
}

/**
 * Marks a picked option as must-have: every result then has it, while the other picks only rank.
 * A toggle button, so a keyboard reaches it with Tab and flips it with Enter or Space.
 */
export const MustHaveToggle = ({ option, pressed, onToggle }: MustHaveToggleProps) => (
  <button
    type="button"
    className="must-have-toggle"
    aria-pressed={pressed}
    aria-label={`Must-have ${option}`}
    title={pressed ? 'Every result has it' : 'Only ranks the results'}
    onClick={onToggle}
  >
    {pressed ? 'Must-have' : 'Nice to have'}
  </button>
);
