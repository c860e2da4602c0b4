import type { TwoSidedFit } from '@skillers/domain';

/** How many labels a line names before "and N more". */
const NAMED = 3;

const named = (labels: readonly string[]): string =>
  labels.length <= NAMED
    ? labels.join(', ')
    : `${labels.slice(0, NAMED).join(', ')} and ${labels.length - NAMED} more`;

/**
 * The two lines a match card shows, one per side: what the record has of what the viewer needs, and what
 * it wants of what the viewer offers.
 */
export const fitLines = ({ needs, wants }: TwoSidedFit): { needs: string; wants: string } => {
  const asked = needs.matched.length + needs.missing.length;
  return {
    needs:
      needs.matched.length === 0
        ? 'Has none of what you need yet'
        : `Has ${needs.matched.length} of ${asked} you need: ${named(needs.matched)}`,
    wants:
      wants.matched.length === 0
        ? 'Wants what you do not offer yet'
        : `Wants what you offer: ${named(wants.matched)}`,
  };
};
