import type { MatchExplanation, SavedKind } from '@skillers/domain';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import { CARD_DISPLAY_COUNTS, shortenName, type WorkPlace } from '../../lib/display';
import { matchLine } from '../../lib/match-line';
import { matchedToolsFirst } from '../../lib/matched-first';
import { recordSearchClick, type SearchHit } from '../../lib/search-clicks';
import { formatSimilarity } from '../../lib/similarity';
import { ButtonLink } from '../ui/button';
import { AnswerRateLine } from './answer-rate-line';
import { CardFooterPlace } from './card-footer-place';
import { type Freshness, FreshnessLine } from './freshness-line';
import { SummaryRow } from './list-summary';
import { SaveButton } from './save-button';

/** What both cards summarise, each list cut to its spec count. */
export interface CardSummary {
  projectType: readonly string[] | undefined;
  productType: readonly string[] | undefined;
  reward: readonly string[] | undefined;
  compensationBasis: readonly string[] | undefined;
  tools: readonly string[] | undefined;
}

interface ListingCardProps {
  kind: 'Project' | 'Skiller';
  name: string;
  href: string;
  /** "My Project" or "My Skills" on the user's own items. */
  badge?: string;
  /** Who the person is, or whom the project looks for: the first of the record's target roles. */
  role?: string;
  summary: CardSummary;
  place: WorkPlace;
  /** Edit, Save/Forget, Delete: whatever the viewer may do. */
  actions?: ReactNode;
  /** How close the item is to a search that matched nothing exactly. */
  similarity?: number;
  /** Why a search showed it; its detail page, reached from here, explains it in full. */
  why?: MatchExplanation;
  /** Set when the card is a search result: opening it reports the click with its rank. */
  hit?: SearchHit;
  /** When the owner was last active and whether the listing is open to collaborate. */
  freshness?: Freshness;
  /** The owner, whose answer rate the card shows once there is one. */
  ownerId?: string;
}

/** The frame both cards share: kind, badge, shortened name, summary rows, footer and actions. */
export const ListingCard = ({
  kind,
  name,
  href,
  badge,
  role,
  summary,
  place,
  actions,
  similarity,
  why,
  hit,
  freshness,
  ownerId,
}: ListingCardProps) => {
  const shortName = shortenName(name);
  const line = why && matchLine(why);
  const state = why ? { why } : undefined;
  // A click, or a middle click that opens the result in a new tab; not the right button's menu.
  const onOpen = hit
    ? (event: MouseEvent) => {
        if (event.button <= 1) recordSearchClick(hit);
      }
    : undefined;
  return (
    <article className="listing-card" aria-label={name}>
      <header className="listing-card__header">
        <p className="listing-card__kind">
          {kind}
          {badge && <span className="listing-card__badge">{badge}</span>}
        </p>
        <h2 className="listing-card__title">
          <Link
            to={href}
            state={state}
            title={shortName === name ? undefined : name}
            onClick={onOpen}
            onAuxClick={onOpen}
          >
            {shortName}
          </Link>
        </h2>
        {role && <p className="listing-card__role">{role}</p>}
      </header>
      {freshness && <FreshnessLine {...freshness} />}
      {ownerId && <AnswerRateLine userId={ownerId} className="listing-card__answers" />}
      {line && <p className="listing-card__why">{line}</p>}
      <dl className="listing-card__rows">
        <SummaryRow
          title="Project Type"
          items={summary.projectType}
          count={CARD_DISPLAY_COUNTS.projectType}
        />
        <SummaryRow
          title="Product Type"
          items={summary.productType}
          count={CARD_DISPLAY_COUNTS.productType}
        />
        <SummaryRow title="Reward" items={summary.reward} count={CARD_DISPLAY_COUNTS.reward} />
        <SummaryRow
          title="Compensation Basis"
          items={summary.compensationBasis}
          count={CARD_DISPLAY_COUNTS.compensationBasis}
        />
        <SummaryRow
          title="Tools"
          items={summary.tools && matchedToolsFirst(summary.tools, why)}
          count={CARD_DISPLAY_COUNTS.tools}
        />
        {similarity !== undefined && (
          <div className="listing-card__row">
            <dt>Similarity</dt>
            <dd>{formatSimilarity(similarity)}</dd>
          </div>
        )}
      </dl>
      <footer className="listing-card__footer">
        <CardFooterPlace locations={place.locations} workingTypeRemote={place.workingTypeRemote} />
        <div className="listing-card__actions">
          {actions}
          <Link to={href} state={state} className="listing-card__more" onClick={onOpen} onAuxClick={onOpen}>
            See more
          </Link>
        </div>
      </footer>
    </article>
  );
};

interface CardActionsProps {
  own: boolean;
  /** Whether the viewer's own items are loaded: until then nobody is offered Save by mistake. */
  ownershipKnown: boolean;
  editHref: string;
  /** More for the owner, e.g. Delete. */
  ownerActions?: ReactNode;
  save: { kind: SavedKind; itemId: string; saved: boolean };
}

/** The owner gets Edit; other signed-in users get Save or Forget; visitors only read. */
export const CardActions = ({ own, ownershipKnown, editHref, ownerActions, save }: CardActionsProps) => {
  const { isSignedIn } = useAuth();
  if (own) {
    return (
      <>
        <ButtonLink to={editHref} variant="secondary">
          Edit
        </ButtonLink>
        {ownerActions}
      </>
    );
  }
  return isSignedIn && ownershipKnown && <SaveButton {...save} />;
};

/** The placeholder card while a page of items is on its way. */
export const LoadingCard = () => (
  <article className="listing-card listing-card--loading" aria-busy="true">
    <p className="listing-card__loading">Loading...</p>
  </article>
);
