import { Inject, Injectable } from '@nestjs/common';
import type { LabelSuggestionRequest } from '@skillers/domain';
import type { LabelSuggester, LabelSuggestions } from '@skillers/embedding';
import type { SearchIndex } from '@skillers/search';
import { SEARCH_INDEX } from '../core/tokens';
import { LABEL_SUGGESTER } from '../core/embedder.tokens';

/**
 * `/ml`: free text to filter labels, by name first and then by meaning when a model is loaded; with a
 * `type`, only labels some record of that kind carries (the index's label counts).
 */
@Injectable()
export class MlService {
  constructor(
    @Inject(LABEL_SUGGESTER) private readonly suggester: LabelSuggester,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
  ) {}

  suggest(request: LabelSuggestionRequest): Promise<LabelSuggestions> {
    return this.suggester.suggest(request, this.index);
  }
}
