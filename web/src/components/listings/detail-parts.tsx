import type { ReactNode } from 'react';
import { NOT_SPECIFIED } from '../../lib/display';
import './detail.css';

/** One labelled group of a project or profile page; empty values read "Not specified". */
export const DetailGroup = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="detail-group">
    <dt>{title}</dt>
    <dd>{children}</dd>
  </div>
);

const NotSpecified = () => <span className="detail-group__none">{NOT_SPECIFIED}</span>;

/** Tags as chips. */
export const TagChips = ({ items }: { items: readonly string[] | undefined }) =>
  items && items.length > 0 ? (
    <ul className="tag-chips">
      {items.map((item) => (
        <li key={item} className="tag-chips__chip">
          {item}
        </li>
      ))}
    </ul>
  ) : (
    <NotSpecified />
  );

/** Short values, one per line; nothing set reads "Not specified". */
export const TextLines = ({ lines }: { lines: readonly (string | null | undefined)[] }) => {
  const present = lines.filter((line): line is string => Boolean(line));
  return present.length > 0 ? (
    <>
      {present.map((line) => (
        <span key={line} className="detail-group__line">
          {line}
        </span>
      ))}
    </>
  ) : (
    <NotSpecified />
  );
};

/** A titled block of free text, kept as written (line breaks included). */
export const DetailText = ({ title, text }: { title: string; text: string | undefined }) => (
  <section className="detail__section">
    <h2 className="detail__section-title">{title}</h2>
    {text?.trim() ? <p className="detail__text">{text}</p> : <NotSpecified />}
  </section>
);

/** The working types a project or profile accepts. */
export const workingTypes = (item: { workingTypeRemote?: boolean; workingTypeOffice?: boolean }): string[] =>
  [item.workingTypeRemote && 'Remote', item.workingTypeOffice && 'Office'].filter((type): type is string =>
    Boolean(type),
  );

/** Tools with the level the owner gave each (0 to 5). */
export const toolLabels = (tools: readonly { tool: string; mep: number }[]): string[] =>
  tools.map(({ tool, mep }) => (mep > 0 ? `${tool} · level ${mep}` : tool));
