import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';

/** One box of the feed's side columns: a titled section. */
export const SideBox = ({ title, children, lang }: { title: string; children: ReactNode; lang?: string }) => {
  const headingId = useId();
  return (
    <section className="feed-card side-box" aria-labelledby={headingId} lang={lang}>
      <h2 id={headingId} className="side-box__title">
        {title}
      </h2>
      {children}
    </section>
  );
};

interface SideQueryProps<T> {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  /** What failed to load, for the polite notice. */
  what: string;
  children(data: T): ReactNode;
}

/** A box's content once its request has answered; a failure says so briefly (docs/web-app.md, "Polite failures"). */
export const SideQuery = <T,>({ status, data, what, children }: SideQueryProps<T>) => {
  if (status === 'pending') return <p className="side-box__muted">Loading...</p>;
  if (status === 'error' || data === undefined) {
    return <p className="side-box__muted">We couldn't load {what} right now.</p>;
  }
  return children(data);
};

export const SideLinks = ({ links }: { links: readonly { to: string; label: string; key: string }[] }) => (
  <ul className="side-box__links">
    {links.map((link) => (
      <li key={link.key}>
        <Link to={link.to} className="side-box__link">
          {link.label}
        </Link>
      </li>
    ))}
  </ul>
);

interface LinkListBoxProps<T> {
  title: string;
  list: { status: 'pending' | 'error' | 'success'; data: readonly T[] | undefined };
  /** What failed to load, for the polite notice. */
  what: string;
  /** The line an empty list shows instead. */
  empty: ReactNode;
  toLink(item: T): { to: string; label: string; key: string };
}

/** A box that lists its items as links, or says there are none. */
export const LinkListBox = <T,>({ title, list, what, empty, toLink }: LinkListBoxProps<T>) => (
  <SideBox title={title}>
    <SideQuery status={list.status} data={list.data} what={what}>
      {(items) =>
        items.length === 0 ? (
          <p className="side-box__muted">{empty}</p>
        ) : (
          <SideLinks links={items.map(toLink)} />
        )
      }
    </SideQuery>
  </SideBox>
);

export const projectLink = (project: { _id: string; projectName: string }) => ({
  key: project._id,
  to: `/projects/${project._id}`,
  label: project.projectName,
});
