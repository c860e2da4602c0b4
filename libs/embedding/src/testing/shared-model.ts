import { resolve } from 'node:path';

/** The small static model checked in beside the repository, so tests never fetch from the model hub. */
export const SHARED_MODEL_ID = 'skillers/static-wordpiece-100d';
export const SHARED_MODEL_PATH = resolve(__dirname, '../../../../../shared/models');
