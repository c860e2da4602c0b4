import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../testing/shared-model';
import { describeEmbedderContract } from './embedder.contract';
import { openEmbedder } from './open-embedder';

// The in-process adapter as openEmbedder() gives it; the HTTP one runs the same contract against a real
// embedder service in embedder/src/http-embedder.contract.spec.ts.
describeEmbedderContract('transformers.js', {
  open: async () => openEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH }),
  openUnavailable: async () =>
    openEmbedder({
      model: SHARED_MODEL_ID,
      localModelPath: mkdtempSync(join(tmpdir(), 'skillers-no-model-')),
      onLoadError: () => undefined,
    }),
  model: SHARED_MODEL_ID,
  dimension: 100,
});

describe('openEmbedder', () => {
  it('is the embedder service’s client when a URL is set, and the model in this process otherwise', () => {
    const remote = openEmbedder({ model: SHARED_MODEL_ID, embedderUrl: 'http://127.0.0.1:9' });
    const local = openEmbedder({ model: SHARED_MODEL_ID, localModelPath: SHARED_MODEL_PATH });
    expect([remote.adapter, remote.modelId]).toEqual(['http', SHARED_MODEL_ID]);
    expect([local.adapter, local.modelId]).toEqual(['transformers.js', SHARED_MODEL_ID]);
  });
});
