import type { LabelSuggestionRequest } from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError } from './embedder/embedder.port';
import { LabelIndex } from './label-index';
import { modelSettings } from './model-settings';
import { type LabelSuggestions, suggestLabels } from './suggest-labels';

/**
 * `/ml`: free text to filter labels, by name first and then by meaning when the model is loaded. The API
 * and the standalone embedder service both answer through it, so they suggest the same labels.
 */
export class LabelSuggester {
  private labels?: Promise<LabelIndex>;

  constructor(
    private readonly embedder: Embedder,
    /** Where label vectors are cached: `DATA_DIR/models/label-cache` in both the API and the service. */
    private readonly cacheDir?: string,
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
    this.labels ??= LabelIndex.open(this.embedder, this.cacheDir).catch((error: unknown) => {
      // A model that cannot load now is not cached as missing: the next call tries again.
      this.labels = undefined;
      throw error;
    });
    return this.labels;
  }
}
