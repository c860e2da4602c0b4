import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { variable, variableRule } from '@skillers/domain';

/** `EMBEDDER_MODEL` when unset, in every service: the search index is keyed by the model. */
export const DEFAULT_EMBEDDER_MODEL = 'Xenova/all-MiniLM-L6-v2';

/** `EMBEDDER_MODEL_PATH`: a folder of model files on this machine, read as an absolute path. */
export const modelFolder = () =>
  variableRule('must be an existing folder', (path) =>
    existsSync(path) && statSync(path).isDirectory() ? resolve(path) : undefined,
  );

/** `EMBEDDER_URL` (unset: no embedder service) and `EMBEDDER_MODEL`, as every process asking the service reads them. */
export const embedderServiceVariables = {
  EMBEDDER_URL: variable.url(['http:', 'https:']).optional(),
  EMBEDDER_MODEL: variable.text().default(DEFAULT_EMBEDDER_MODEL),
};
