import { Inject, Injectable } from '@nestjs/common';
import type { LabelSuggestionRequest } from '@skillers/domain';
import {
  type Embedder,
  EmbedderUnavailableError,
  LabelIndex,
  type LabelSuggestions,
  modelSettings,
  suggestLabels,
} from '@skillers/embedding';
import { join } from 'node:path';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { modelsDir } from '../embedder/embedder-ports.module';
import { EMBEDDER } from '../embedder/embedder.tokens';

/** `/ml`: free text to filter labels, by name first and then by meaning when a model is loaded. */
@Injectable()
export class MlService {
  private labels?: Promise<LabelIndex>;

  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async suggest({ input_text, len_2_cnt }: LabelSuggestionRequest): Promise<LabelSuggestions> {
    try {
      const labels = await this.labelIndex();
      const context = { embedder: this.embedder, labels, settings: modelSettings(this.embedder.modelId) };
      return await suggestLabels(input_text, len_2_cnt, context);
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return suggestLabels(input_text, len_2_cnt);
    }
  }

  private labelIndex(): Promise<LabelIndex> {
    this.labels ??= LabelIndex.open(this.embedder, join(modelsDir(this.config), 'label-cache')).catch(
      (error: unknown) => {
        // A service that comes back later (cluster profile) gets another chance on the next call.
        this.labels = undefined;
        throw error;
      },
    );
    return this.labels;
  }
}
