import { useId } from 'react';
import './tooltip.css';

/**
 * Short text with more behind it: the tip shows on hover and on keyboard focus, and screen readers
 * hear it as the text's description.
 */
export const Tooltip = ({ text, tip }: { text: string; tip: string }) => {
  const id = useId();
  return (
    <span className="tooltip">
      <span className="tooltip__trigger" tabIndex={0} aria-describedby={id}>
        {text}
      </span>
      <span id={id} role="tooltip" className="tooltip__bubble">
        {tip}
      </span>
    </span>
  );
};
