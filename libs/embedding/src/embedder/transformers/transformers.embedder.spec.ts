import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbedderUnavailableError } from '../embedder.port';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../../testing/shared-model';
import { dot } from '@skillers/domain';
import { TransformersEmbedder } from './transformers.embedder';

describe('TransformersEmbedder on the shared model', () => {
  const embedder = new TransformersEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
  afterAll(() => embedder.close());

  it('loads the model once and gives unit vectors of its dimension', async () => {
    const [vector] = await embedder.embed(['I build web apps in React']);
    expect(embedder.dimension()).toBe(100);
    expect(vector).toHaveLength(100);
    expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 5);
    expect(await embedder.status()).toEqual({
      adapter: 'transformers.js',
      model: SHARED_MODEL_ID,
      ready: true,
      dimension: 100,
    });
  });

  it('places related sentences closer than unrelated ones', async () => {
    const [web, frontend, farming] = await embedder.embed([
      'I build web apps in React',
      'Frontend developer with React experience',
      'Organic farming in Poland',
    ]);
    expect(dot(web, frontend)).toBeGreaterThan(0.4);
    expect(dot(web, frontend)).toBeGreaterThan(dot(web, farming) + 0.3);
  });

  it('answers concurrent calls with their own vectors, in input order', async () => {
    const texts = Array.from(
      { length: 150 },
      (_, n) => `project number ${n} about ${n % 2 ? 'farming' : 'music'}`,
    );
    const [alone] = await Promise.all([embedder.embed(texts)]);
    const split = await Promise.all([
      embedder.embed(texts.slice(0, 70)),
      embedder.embed(texts.slice(70, 71)),
      embedder.embed(texts.slice(71)),
    ]);
    const together = split.flat();
    expect(together).toHaveLength(150);
    together.forEach((vector, index) => expect(dot(vector, alone[index])).toBeCloseTo(1, 4));
    expect(dot(together[1], together[2])).toBeLessThan(0.99);
  });

  it('answers an empty list with no vectors', async () => {
    expect(await embedder.embed([])).toEqual([]);
  });
});

describe('TransformersEmbedder without its model', () => {
  it('reports the missing model with the fix and rejects embeds, without fetching anything', async () => {
    const logged: string[] = [];
    const empty = mkdtempSync(join(tmpdir(), 'skillers-no-model-'));
    const embedder = new TransformersEmbedder({
      model: SHARED_MODEL_ID,
      localModelPath: empty,
      onLoadError: (message) => logged.push(message),
    });

    await expect(embedder.embed(['anything'])).rejects.toBeInstanceOf(EmbedderUnavailableError);
    const status = await embedder.status();

    expect(status).toMatchObject({ adapter: 'transformers.js', model: SHARED_MODEL_ID, ready: false });
    expect(status.error).toContain(`Set EMBEDDER_MODEL_PATH to a folder holding ${SHARED_MODEL_ID}`);
    expect(logged).toHaveLength(1);
    await embedder.close();
  });
});
