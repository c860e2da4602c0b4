import { carriedIn, type LabelSuggestionRequest } from '@skillers/domain';
import type { SearchIndex } from '@skillers/search';
import { type Embedder, EmbedderUnavailableError } from './embedder/embedder.port';
import { LabelIndex } from './label-index';
import { modelSettings } from './model-settings';
import { type LabelSuggestions, suggestLabels } from './suggest-labels';
import type { UnderstoodText } from '@skillers/domain';
import { understandText } from './understanding/understand-text';

/** Labels close in meaning a search text's understanding adds per filter, after the ones it names. */
const RELATED_PER_KEY = 2;

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

  /**
   * With the request's `type`, only labels some record of that kind carries, by the label counts of `index`
   * (which the caller must give then).
   */
  async suggest(
    { input_text, len_2_cnt, type }: LabelSuggestionRequest,
    index?: Pick<SearchIndex, 'labelCounts'>,
  ): Promise<LabelSuggestions> {
    const carried = type && index ? carriedIn(await index.labelCounts(type)) : undefined;
    try {
      const labels = await this.labelIndex();
      const context = { embedder: this.embedder, labels, settings: modelSettings(this.embedder.modelId) };
      return await suggestLabels(input_text, len_2_cnt, context, carried);
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return suggestLabels(input_text, len_2_cnt, undefined, carried);
    }
  }

  /**
   * What a search text asks for (`understandText`), with labels close in meaning when the model is loaded;
   * without it, by name only.
   */
  async understand(text: string): Promise<UnderstoodText> {
    try {
      const context = {
        embedder: this.embedder,
        labels: await this.labelIndex(),
        settings: modelSettings(this.embedder.modelId),
      };
      const related = async (wanted: string) =>
        (await suggestLabels(wanted, RELATED_PER_KEY, context)).similar_labels_dict;
      return await understandText(text, { related });
    } catch (error) {
      if (!(error instanceof EmbedderUnavailableError)) throw error;
      return understandText(text);
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
