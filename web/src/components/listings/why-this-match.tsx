import type { MatchExplanation } from '@skillers/domain';
import { useLocation } from 'react-router';
import { explanationRows, matchLine } from '../../lib/match-line';
import { formatSimilarity } from '../../lib/similarity';

/** What a result card hands its detail page through navigation: why the record was shown. */
export interface ResultState {
  why?: MatchExplanation;
}

/** The explanation the reader arrived with from a result card, if any. */
export const useArrivedWhy = (): MatchExplanation | undefined =>
  (useLocation().state as ResultState | null)?.why;

/**
 * The full "why this match" of a detail page reached from a search result: per filter, the picked
 * labels the record has and lacks, the words of the search found in it and its similarity.
 */
export const WhyThisMatch = ({ why }: { why: MatchExplanation }) => {
  const rows = explanationRows(why);
  const line = matchLine(why);
  return (
    <section className="why-match" aria-labelledby="why-match-title">
      <h2 id="why-match-title" className="why-match__title">
        Why this match
      </h2>
      {line && <p className="why-match__line">{line}</p>}
      {rows.length > 0 && (
        <dl className="why-match__rows">
          {rows.map((row) => (
            <div key={row.title} className="why-match__row">
              <dt>{row.title}</dt>
              <dd>
                {row.matched.length > 0 && <span>Has {row.matched.join(', ')}</span>}
                {row.matched.length > 0 && row.missing.length > 0 && '; '}
                {row.missing.length > 0 && (
                  <span className="why-match__missing">lacks {row.missing.join(', ')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {why.text && why.text.length > 0 && (
        <p className="why-match__text">Your search words found here: {why.text.join(', ')}</p>
      )}
      {why.similarity !== undefined && (
        <p className="why-match__similarity">Similarity to your search: {formatSimilarity(why.similarity)}</p>
      )}
    </section>
  );
};
