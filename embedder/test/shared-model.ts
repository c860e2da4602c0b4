import { resolve } from 'node:path';

/** The small static model kept beside the repository (`../shared/models`), so tests never fetch from the hub. */
export const SHARED_MODEL_ID = 'skillers/static-wordpiece-100d';
export const SHARED_MODEL_PATH = resolve(__dirname, '../../../shared/models');
