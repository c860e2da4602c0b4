import { describe } from 'vitest';
import { describeRecordStoreContract } from '../record-store.contract';
import { MongoRecordStore } from './mongodb.record-store';

const mongoUrl = process.env.MONGO_URL;

// MongoDB cannot run where the default suite runs; `npm run test:cluster` with MONGO_URL set runs it for real.
describe.skipIf(!mongoUrl)('MongoDB adapter (needs MONGO_URL)', () => {
  describeRecordStoreContract('mongodb', async () => MongoRecordStore.connect(mongoUrl as string));
});
