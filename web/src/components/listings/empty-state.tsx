import { ButtonLink } from '../ui/button';

/** An empty list: what is missing and the one step that fills it. */
export const EmptyState = ({ text, action, to }: { text: string; action: string; to: string }) => (
  <section className="empty-state" aria-label="Empty list">
    <p className="empty-state__text">{text}</p>
    <ButtonLink to={to}>{action}</ButtonLink>
  </section>
);
