import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LabelIndex, labelCachePath } from './label-index';
import { modelSettings } from './model-settings';
import { LabelSuggester, suggestLabels } from './label-suggester';
import { type Embedder, EmbedderUnavailableError } from './embedder/embedder.port';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from './testing/shared-model';
import { TransformersEmbedder } from './embedder/transformers/transformers.embedder';

describe('suggestLabels', () => {
  const embedder = new TransformersEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
  const cacheDir = mkdtempSync(join(tmpdir(), 'skillers-labels-'));
  const context = async () => ({
    embedder,
    labels: await LabelIndex.open(embedder, cacheDir),
    settings: modelSettings(SHARED_MODEL_ID),
  });

  it('puts named labels first, then labels close in meaning, at most the asked number per key', async () => {
    const { similar_labels_dict: dict, mode } = await suggestLabels(
      'we want to make a phone app for farmers in react, salary or paid hourly',
      2,
      await context(),
    );
    expect(mode).toBe('semantic');
    expect(dict.toolsExperience).toEqual(['React']);
    expect(dict.productType).toEqual(['Mobile Application']);
    expect(dict.offeredGratification).toEqual(['Salary', 'Hourly Pay']);
    for (const labels of Object.values(dict)) expect(labels.length).toBeLessThanOrEqual(2);
  });

  it('finds labels by meaning alone', async () => {
    const { similar_labels_dict: dict } = await suggestLabels(
      'research on renewable power',
      2,
      await context(),
    );
    expect(dict.requiredAreaOfExpertise).toEqual(['Research', 'Renewable Energy']);
    expect(dict.hardSkills).toEqual([]);
  });

  it('keeps label vectors on disk per model and vocabulary version', async () => {
    await context();
    const file = JSON.parse(readFileSync(labelCachePath(cacheDir, SHARED_MODEL_ID), 'utf8'));
    expect(file.model).toBe(SHARED_MODEL_ID);
    expect(
      file.labels.productType.find((entry: { label: string }) => entry.label === 'Mobile Application').vector,
    ).toHaveLength(100);
  });

  it('leaves out the labels the filter refuses, named or close in meaning, before the cut per key', async () => {
    const carried = (_key: string, label: string) => label !== 'React' && label !== 'Renewable Energy';
    const named = await suggestLabels('react, vue or angular', 1, undefined, carried);
    expect(named.similar_labels_dict.toolsExperience).toEqual(['Vue.js']);
    const close = await suggestLabels('research on renewable power', 2, await context(), carried);
    expect(close.similar_labels_dict.requiredAreaOfExpertise).not.toContain('Renewable Energy');
    expect(close.similar_labels_dict.requiredAreaOfExpertise).toContain('Research');
  });

  it('answers named labels only without a model', async () => {
    const { similar_labels_dict: dict, mode } = await suggestLabels('a phone app in react for farmers', 3);
    expect(mode).toBe('lexical');
    expect(dict).toMatchObject({
      toolsExperience: ['React'],
      productType: ['Mobile Application'],
      softSkills: [],
    });
  });
});

describe('LabelSuggester.understand', () => {
  const model = new TransformersEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
  const cacheDir = mkdtempSync(join(tmpdir(), 'skillers-understood-'));
  /** The shared model, its texts embedded counted; while `down`, unavailable as a model that cannot load. */
  const countingModel = () => {
    const state = { embedded: 0, down: false };
    const embedder = new Proxy(model, {
      get(target, property) {
        if (property !== 'embed') return Reflect.get(target, property, target) as unknown;
        return async (texts: readonly string[]) => {
          if (state.down) throw new EmbedderUnavailableError('no model');
          state.embedded += texts.length;
          return target.embed(texts);
        };
      },
    }) as Embedder;
    return { embedder, state };
  };

  it('reads a text asked again from what it kept, with the same answer and no model call', async () => {
    const { embedder, state } = countingModel();
    const suggester = new LabelSuggester(embedder, cacheDir);
    const first = await suggester.understand('a pyhton developer for a phone app, no salary');
    const embedded = state.embedded;
    expect(embedded).toBeGreaterThan(0);
    const again = await suggester.understand('a pyhton developer for a phone app, no salary');
    expect(again).toEqual(first);
    expect(state.embedded).toBe(embedded);
    expect(first).toEqual(
      await new LabelSuggester(model, cacheDir).understand('a pyhton developer for a phone app, no salary'),
    );
  });

  it('gives the words of a text without the model, the same its understanding ranks by', async () => {
    const { embedder, state } = countingModel();
    const suggester = new LabelSuggester(embedder, cacheDir);
    const text = 'a pyhton developer for our bakery app, not full stack';
    const words = suggester.wordsOf(text);
    expect(state.embedded).toBe(0);
    // Typos corrected, stop words and the part ruled out left out.
    expect(words).toEqual(['python', 'developer', 'bakery', 'app']);
    expect((await suggester.understand(text)).words).toEqual(words);
  });

  it('keeps the most recently asked texts up to its bound and never an answer without the model', async () => {
    const { embedder, state } = countingModel();
    const suggester = new LabelSuggester(embedder, cacheDir, 2);
    await suggester.understand('react developer');
    await suggester.understand('research on renewable power');
    await suggester.understand('react developer');
    await suggester.understand('a phone app for farmers');
    let embedded = state.embedded;
    await suggester.understand('react developer');
    await suggester.understand('a phone app for farmers');
    expect(state.embedded).toBe(embedded);
    await suggester.understand('research on renewable power');
    expect(state.embedded).toBeGreaterThan(embedded);

    state.down = true;
    await suggester.understand('research on renewable power for farmers');
    state.down = false;
    embedded = state.embedded;
    await suggester.understand('research on renewable power for farmers');
    expect(state.embedded).toBeGreaterThan(embedded);
  });
});
