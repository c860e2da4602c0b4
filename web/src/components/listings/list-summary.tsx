import { type ListSummary, moreHint, NOT_SPECIFIED, summarizeList } from '../../lib/display';
import { Tooltip } from '../ui/tooltip';

/** The shown items, then ", +N more" with the rest in a tooltip; "Not specified" when empty. */
export const SummaryText = ({ summary: { shown, hidden } }: { summary: ListSummary }) => {
  if (shown.length === 0) return <span className="listing-card__none">{NOT_SPECIFIED}</span>;
  return (
    <>
      {shown.join(', ')}
      {hidden.length > 0 && (
        <>
          , <Tooltip text={moreHint(hidden)} tip={hidden.join(', ')} />
        </>
      )}
    </>
  );
};

interface SummaryRowProps {
  title: string;
  items: readonly string[] | undefined;
  count: number;
}

export const SummaryRow = ({ title, items, count }: SummaryRowProps) => (
  <div className="listing-card__row">
    <dt>{title}</dt>
    <dd>
      <SummaryText summary={summarizeList(items, count)} />
    </dd>
  </div>
);
