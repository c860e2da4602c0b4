import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LabelIndex, labelCachePath } from './label-index';
import { modelSettings } from './model-settings';
import { suggestLabels } from './label-suggester';
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
