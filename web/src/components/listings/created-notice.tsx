import { Link, useLocation } from 'react-router';
import { Notice } from '../ui/notice';

/** A listing just created: the spec's flow goes to a list, and this notice leads on to the listing itself. */
export interface CreatedListing {
  name: string;
  href: string;
}

/** The navigation state a create form passes to the list it goes to. */
export const createdState = (created: CreatedListing) => ({ created });

export const CreatedNotice = () => {
  const state = useLocation().state as { created?: CreatedListing } | null;
  const created = state?.created;
  if (!created) return null;
  return (
    <Notice tone="success">
      “{created.name}” is published. <Link to={created.href}>Open it</Link>
    </Notice>
  );
};
