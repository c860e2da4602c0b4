import { Inject, Injectable } from '@nestjs/common';
import type { LabelSuggestionRequest } from '@skillers/domain';
import type { LabelSuggester, LabelSuggestions } from '@skillers/embedding';
import { LABEL_SUGGESTER } from '../embedder/embedder.tokens';

/** `/ml`: free text to filter labels, by name first and then by meaning when a model is loaded. */
@Injectable()
export class MlService {
  constructor(@Inject(LABEL_SUGGESTER) private readonly suggester: LabelSuggester) {}

  suggest(request: LabelSuggestionRequest): Promise<LabelSuggestions> {
    return this.suggester.suggest(request);
  }
}
