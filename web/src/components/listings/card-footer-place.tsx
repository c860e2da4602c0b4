import { footerPlace, NOT_SPECIFIED, type WorkPlace } from '../../lib/display';
import { SummaryText } from './list-summary';

/** The card footer's place: the locations, or "Remote", otherwise "Not specified". */
export const CardFooterPlace = (place: WorkPlace) => {
  const shown = footerPlace(place);
  return (
    <p className="listing-card__place">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0113 0c0 5.4-6.5 11-6.5 11z" />
        <circle cx="12" cy="10" r="2.3" />
      </svg>
      <span className="visually-hidden">Location: </span>
      {shown === null ? NOT_SPECIFIED : shown === 'Remote' ? shown : <SummaryText summary={shown} />}
    </p>
  );
};
