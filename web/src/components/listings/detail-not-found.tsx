import { ApiError } from '../../lib/api-error';
import { ButtonLink } from '../ui/button';
import { Notice } from '../ui/notice';

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

interface DetailLoadFailedProps {
  error: unknown;
  /** The "not found" page's title and the list it leads back to. */
  title: string;
  back: string;
  backLabel: string;
  /** The notice when the item may exist but did not load. */
  failedMessage: string;
}

/** A project or profile that did not load: "not found" when the id names nothing, else a polite notice. */
export const DetailLoadFailed = ({ error, failedMessage, ...notFound }: DetailLoadFailedProps) =>
  isMissingItem(error) ? <DetailNotFound {...notFound} /> : <Notice tone="error">{failedMessage}</Notice>;
