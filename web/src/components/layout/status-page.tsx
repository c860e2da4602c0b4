import { ButtonLink } from '../ui/button';
import './status-page.css';

interface StatusPageProps {
  code?: string;
  title: string;
  text: string;
}

/** The not-found and error pages: what happened, and a way back home. */
export const StatusPage = ({ code, title, text }: StatusPageProps) => (
  <section className="status-page">
    {code && (
      <p className="status-page__code" aria-hidden="true">
        {code}
      </p>
    )}
    <h1 className="status-page__title">{title}</h1>
    <p className="status-page__text">{text}</p>
    <ButtonLink to="/">Go to homepage</ButtonLink>
  </section>
);

export const NotFoundPage = () => (
  <StatusPage title="404 - Page Not Found" text="Sorry, the page you are looking for does not exist." />
);

export const ErrorPage = () => (
  <StatusPage code="404" title="Oops! Something went wrong." text="Issues happened, we are working on it." />
);
