import type { ReportTargetKind, SavedKind } from '@skillers/domain';
import type { ReactNode } from 'react';
import { NOT_SPECIFIED } from '../../lib/display';
import { useOwnership } from '../../lib/ownership';
import { BlockButton } from '../block/block-button';
import { ReportButton } from '../report/report-button';
import { ButtonLink } from '../ui/button';
import { type MessageOwnerProps, MessageOwnerSlot } from './message-owner-slot';
import { SaveButton } from './save-button';
import './detail.css';

interface DetailPageProps {
  kind: 'Project' | 'Skiller';
  /** The heading's id, which names the page. */
  titleId: string;
  title: string;
  /** The creator's name, shown as "by …" where the page names one. */
  ownerName?: string;
  own: boolean;
  editHref: string;
  save: { kind: SavedKind; itemId: string; saved: boolean };
  message: MessageOwnerProps;
  /** What a "Report" on this page names; the owner can be blocked from the same row. */
  report: { targetKind: ReportTargetKind; targetId: string; ownerName: string };
  children: ReactNode;
}

/**
 * The frame of a project or profile page: the owner's Edit Profile, or Save and the
 * message box for others once it is known whose item it is.
 */
export const DetailPage = ({
  kind,
  titleId,
  title,
  ownerName,
  own,
  editHref,
  save,
  message,
  report,
  children,
}: DetailPageProps) => {
  const { known } = useOwnership();
  return (
    <article className="detail" aria-labelledby={titleId}>
      <header className="detail__header">
        <div className="detail__heading">
          <p className="detail__kind">{kind}</p>
          <h1 id={titleId} className="detail__title">
            {title}
          </h1>
          {ownerName !== undefined && (
            <p className="detail__owner">
              by <strong>{ownerName}</strong>
            </p>
          )}
        </div>
        <div className="detail__actions">
          {own ? (
            <ButtonLink to={editHref}>Edit Profile</ButtonLink>
          ) : (
            known && (
              <>
                <SaveButton {...save} />
                <ReportButton targetKind={report.targetKind} targetId={report.targetId} />
                <BlockButton userId={message.recipientId} name={report.ownerName} />
              </>
            )
          )}
        </div>
      </header>
      {children}
      {!own && known && <MessageOwnerSlot {...message} />}
    </article>
  );
};

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
