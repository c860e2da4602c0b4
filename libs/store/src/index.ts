export * from './collections';
export * from './object-id';
export * from './open-record-store';
export * from './record-batches';
export * from './record-store.port';
export { MongoRecordStore } from './mongodb/mongodb.record-store';
export { SqliteRecordStore } from './sqlite/sqlite.record-store';
