import type { SearchKind } from '@skillers/domain';
import { Notice } from '../../../components/ui/notice';

/** The profile list: the line above profiles ranked by similarity. */
export const CLOSEST_PROFILES_NOTE = 'No exact matches found, showing closest teammates:';
/** The projects listing: the banner over results that carry similarity values. */
export const CLOSEST_PROJECTS_BANNER = "Sorry we didn't find perfect match, checkout closest hits";

const TEXTS: Record<SearchKind, string> = {
  teammate: CLOSEST_PROFILES_NOTE,
  project: CLOSEST_PROJECTS_BANNER,
};

/** Says, in the wording of the screen's kind, that the results are only the closest ones. */
export const ClosestNote = ({ kind }: { kind: SearchKind }) => <Notice>{TEXTS[kind]}</Notice>;
