interface MustHaveToggleProps {
  option: string;
  pressed: boolean;
  onToggle(): void;
}

/**
 * Marks a picked option as must-have: every result then has it, while the other picks only rank.
 * A switch whose visible label stays "Must-have" while its state shows in the track, so a keyboard
 * reaches it with Tab and flips it with Space or Enter.
 */
export const MustHaveToggle = ({ option, pressed, onToggle }: MustHaveToggleProps) => (
  <button
    type="button"
    role="switch"
    className="must-have-switch"
    aria-checked={pressed}
    aria-label={`Must-have ${option}`}
    title={`On: every result has ${option}. Off: ${option} only ranks the results.`}
    onClick={onToggle}
  >
    <span className="must-have-switch__track" aria-hidden="true">
      <span className="must-have-switch__thumb" />
    </span>
    Must-have
  </button>
);
