import { Inject, Injectable } from '@nestjs/common';
import {
  carriedIn,
  forKind,
  keepCarriedLabels,
  keepLabels,
  type SearchKind,
  type UnderstoodText,
} from '@skillers/domain';
import type { LabelSuggester } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { LABEL_SUGGESTER } from '../core/embedder.tokens';

/**
 * Reads the free text of a search (`understandText`): its labels, negations, places and words, keeping only
 * labels some record of the searched kind carries, so that nothing shown as understood is a dead end (a role
 * none carries gives way to carried roles of its family), and,
 * for teammates, none of the searcher's own roles (`forKind`). Which labels records carry comes from the
 * index's label counts, held in memory (`SearchIndex.labelCounts`), so a request costs no search of the
 * index for them.
 */
@Injectable()
export class TextUnderstandingService {
  constructor(
    @Inject(LABEL_SUGGESTER) private readonly suggester: LabelSuggester,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  /** The words of the text the ranking reads (`understand(...).words`), known before the model answers. */
  wordsOf(text: string): readonly string[] {
    return this.suggester.wordsOf(text);
  }

  async understand(kind: SearchKind, text: string): Promise<UnderstoodText> {
    const [read, counts] = await Promise.all([this.suggester.understand(text), this.index.labelCounts(kind)]);
    const asked = forKind(read, kind);
    const carried = carriedIn(counts);
    // A named role none carries gives way to carried roles of its family; a ruled-out one is simply dropped.
    const namedRoles = this.suggester.namedRoles(text);
    return {
      ...asked,
      labels: keepCarriedLabels(asked.labels, carried, (role) => namedRoles.includes(role)),
      not: keepLabels(asked.not, carried),
    };
  }
}
