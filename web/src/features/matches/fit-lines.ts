import type { TwoSidedFit } from '@skillers/domain';

/** How many labels a line names before "and N more". */
const NAMED = 3;

const named = (labels: readonly string[]): string =>
  labels.length <= NAMED
    ? labels.join(', ')
    : `${labels.slice(0, NAMED).join(', ')} and ${labels.length - NAMED} more`;

/** Whose side the reader is on: the project's owner, or the skiller whose profile it is. */
export type FitReader = 'project' | 'profile';

/**
 * The two lines a match shows, one per side: what the profile has of what the project needs, and what the
 * project offers of what the profile wants, told to the project's owner or to the skiller.
 */
export const fitLines = (
  { needs, wants }: TwoSidedFit,
  reader: FitReader = 'project',
): { needs: string; wants: string } => {
  const asked = needs.matched.length + needs.missing.length;
  if (reader === 'profile') {
    return {
      needs:
        needs.matched.length === 0
          ? 'Needs none of what you have yet'
          : `You have ${needs.matched.length} of ${asked} it needs: ${named(needs.matched)}`,
      wants:
        wants.matched.length === 0
          ? 'Offers none of what you want yet'
          : `Offers what you want: ${named(wants.matched)}`,
    };
  }
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
