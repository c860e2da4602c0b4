import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortenName } from '../../lib/display';

interface ListingCardProps {
  kind: 'Project' | 'Skiller';
  name: string;
  href: string;
  /** "My Project" or "My Skills" on the user's own items. */
  badge?: string;
  /** The summary rows, as <SummaryRow> elements. */
  rows: ReactNode;
  footer: ReactNode;
  /** Edit, Save/Forget, Delete: whatever the viewer may do. */
  actions?: ReactNode;
}

/** The frame both cards share: kind, badge, shortened name, summary rows, footer and actions. */
export const ListingCard = ({ kind, name, href, badge, rows, footer, actions }: ListingCardProps) => {
  const shortName = shortenName(name);
  return (
    <article className="listing-card" aria-label={name}>
      <header className="listing-card__header">
        <p className="listing-card__kind">
          {kind}
          {badge && <span className="listing-card__badge">{badge}</span>}
        </p>
        <h2 className="listing-card__title">
          <Link to={href} title={shortName === name ? undefined : name}>
            {shortName}
          </Link>
        </h2>
      </header>
      <dl className="listing-card__rows">{rows}</dl>
      <footer className="listing-card__footer">
        {footer}
        <div className="listing-card__actions">
          {actions}
          <Link to={href} className="listing-card__more">
            See more
          </Link>
        </div>
      </footer>
    </article>
  );
};

/** The placeholder card while a page of items is on its way (spec section 2). */
export const LoadingCard = () => (
  <article className="listing-card listing-card--loading" aria-busy="true">
    <p className="listing-card__loading">Loading...</p>
  </article>
);
