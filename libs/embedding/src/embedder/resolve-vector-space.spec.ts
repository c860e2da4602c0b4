import type { EmbedderStatus } from './embedder.port';
import { describe, expect, it } from 'vitest';
import { resolveVectorSpace } from './resolve-vector-space';

const status = (answer: Partial<EmbedderStatus>) => ({
  status: async (): Promise<EmbedderStatus> => ({
    adapter: 'http',
    model: 'org/new',
    ready: true,
    ...answer,
  }),
});

describe('the vector space of the configured model', () => {
  it('is known for the models the product ships with, without asking an embedder', async () => {
    const never = { status: () => Promise.reject(new Error('not asked')) };
    expect(await resolveVectorSpace('Xenova/all-MiniLM-L6-v2', never)).toEqual({
      model: 'Xenova/all-MiniLM-L6-v2',
      dims: 384,
    });
    expect(await resolveVectorSpace('skillers/static-wordpiece-100d')).toEqual({
      model: 'skillers/static-wordpiece-100d',
      dims: 100,
    });
  });

  it('is what the embedder reports for another model once loaded', async () => {
    expect(await resolveVectorSpace('org/new', status({ dimension: 768 }))).toEqual({
      model: 'org/new',
      dims: 768,
    });
  });

  it('is unknown when no embedder can tell: not ready, another model, down, or too slow', async () => {
    expect(await resolveVectorSpace('org/new')).toBeUndefined();
    expect(await resolveVectorSpace('org/new', status({ ready: false }))).toBeUndefined();
    expect(await resolveVectorSpace('org/new', status({ model: 'org/old', dimension: 512 }))).toBeUndefined();
    expect(
      await resolveVectorSpace('org/new', { status: () => Promise.reject(new Error('down')) }),
    ).toBeUndefined();
    const slow = { status: () => new Promise<EmbedderStatus>(() => undefined) };
    expect(await resolveVectorSpace('org/new', slow, 20)).toBeUndefined();
  });
});
