import { Inject, Injectable } from '@nestjs/common';
import type { LabelSuggestionRequest } from '@skillers/domain';
import { type Embedder, LabelSuggester, type LabelSuggestions } from '@skillers/embedding';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { modelsDir } from '../embedder/embedder-ports.module';
import { EMBEDDER } from '../embedder/embedder.tokens';

/** `/ml`: free text to filter labels, by name first and then by meaning when a model is loaded. */
@Injectable()
export class MlService {
  private readonly suggester: LabelSuggester;

  constructor(@Inject(EMBEDDER) embedder: Embedder, @Inject(APP_CONFIG) config: AppConfig) {
    this.suggester = new LabelSuggester(embedder, join(modelsDir(config), 'label-cache'));
  }

  suggest(request: LabelSuggestionRequest): Promise<LabelSuggestions> {
    return this.suggester.suggest(request);
  }
}
