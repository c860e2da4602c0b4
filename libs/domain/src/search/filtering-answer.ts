import { roundSimilarity } from './vector-math';
import { CLIENT_KEY_OF, type ClientFilterKey } from './filter-keys';
import { explainMatch, type MatchExplanation } from './match-explanation';
import type { FacetCounts, RelaxationStep, RelaxEntry } from './reference-filter';
import type { DocumentLabels } from './search-document';
import type { SearchFilter } from './search-query';

/** `facets` of a filtering answer: per option filter (client key), label to count. */
export type ClientFacets = Partial<Record<ClientFilterKey, Record<string, number>>>;

/**
 * One change of `relax`: drop the filter `key`, only make its must-have `label` a plain pick, or with `mustNot`
 * stop excluding `label`.
 */
export interface ClientRelaxationStep {
  key: ClientFilterKey;
  label?: string;
  mustNot?: true;
}

/** One entry of `relax`: a single change with its count. */
export interface ClientRelaxation extends ClientRelaxationStep {
  count: number;
}

/** The entry of `relax` when no single change helps: the smallest set of filters to drop together. */
export interface ClientCombinedRelaxation {
  remove: { key: ClientFilterKey }[];
  count: number;
}

export type ClientRelaxEntry = ClientRelaxation | ClientCombinedRelaxation;

/** What the index may know of an item's rank beside its document. */
export interface RankEvidence {
  /** Cosine similarity 0-1 of the query vector and the record's. */
  vector?: number;
  /** Words or phrases of the free text found in the record. */
  textTerms?: string[];
}

/** The `why` of one item: its labels against the query's picks, plus the rank evidence when given. */
export const whyOf = (
  doc: DocumentLabels | null,
  filter: SearchFilter,
  evidence: RankEvidence = {},
): MatchExplanation => {
  const why: MatchExplanation = doc ? explainMatch(doc, filter) : { matched: {}, missing: {} };
  if (evidence.textTerms && evidence.textTerms.length > 0) why.text = evidence.textTerms;
  if (evidence.vector !== undefined)
    // Similarity is shown to 3 decimals (docs/web-app.md); more would only be noise.
    why.similarity = roundSimilarity(Math.min(1, Math.max(0, evidence.vector)));
  return why;
};

export const toClientFacets = (facets: FacetCounts): ClientFacets =>
  Object.fromEntries(
    Object.entries(facets).map(([dimension, counts]) => [
      CLIENT_KEY_OF[dimension as keyof FacetCounts],
      counts,
    ]),
  );

const toClientStep = ({ dimension, label, mustNot }: RelaxationStep): ClientRelaxationStep => ({
  key: CLIENT_KEY_OF[dimension],
  ...(label === undefined ? {} : { label }),
  ...(mustNot && { mustNot }),
});

export const toClientRelax = (relax: readonly RelaxEntry[]): ClientRelaxEntry[] =>
  relax.map((entry) =>
    'remove' in entry
      ? { remove: entry.remove.map((dimension) => ({ key: CLIENT_KEY_OF[dimension] })), count: entry.count }
      : { ...toClientStep(entry), count: entry.count },
  );
