import { describe, expect, it } from 'vitest';
import { SHARED_MODEL_ID, SHARED_MODEL_PATH } from '../test/shared-model';
import { ConfigError } from '@skillers/domain';
import { loadEmbedderConfig } from './embedder-config';
import { composeEmbedderService, connectSearchIndex } from './embedder.composition';
import { createJsonLogger } from './json-logger';

const logger = createJsonLogger('silent');
const configWith = (env: Record<string, string>) =>
  loadEmbedderConfig({ EMBEDDER_MODEL: SHARED_MODEL_ID, EMBEDDER_MODEL_PATH: SHARED_MODEL_PATH, ...env });

describe('connectSearchIndex', () => {
  it('gives no index without ELASTICSEARCH_URL, so /sort answers 501', async () => {
    const config = configWith({});
    const { embedder } = composeEmbedderService(config, logger);
    expect(await connectSearchIndex(config, embedder, logger)).toBeUndefined();
  });

  it('stops start-up with one line naming the variable when Elasticsearch cannot be reached', async () => {
    // Port 9 on loopback (discard) has nothing listening here: the connection is refused at once.
    const config = configWith({ ELASTICSEARCH_URL: 'http://127.0.0.1:9' });
    const { embedder } = composeEmbedderService(config, logger);
    const connecting = connectSearchIndex(config, embedder, logger);
    await expect(connecting).rejects.toThrow(ConfigError);
    await expect(connecting).rejects.toThrow(/^Cannot connect to Elasticsearch at ELASTICSEARCH_URL: /);
  });
});
