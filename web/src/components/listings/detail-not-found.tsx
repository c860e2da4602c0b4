import { ApiError } from '../../lib/api-error';
import { ButtonLink } from '../ui/button';

/** The API answers 404 for an id that names nothing, and 400 for one that cannot name anything. */
export const isMissingItem = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** An id that names nothing: a plain answer and a way back to the list, never a crash. */
export const DetailNotFound = ({
  title,
  back,
  backLabel,
}: {
  title: string;
  back: string;
  backLabel: string;
}) => (
  <section className="detail-not-found">
    <h1 className="detail-not-found__title">{title}</h1>
    <p className="detail-not-found__text">It may have been removed, or the link is not quite right.</p>
    <ButtonLink to={back} variant="secondary">
      {backLabel}
    </ButtonLink>
  </section>
);
