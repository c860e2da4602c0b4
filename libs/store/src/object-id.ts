import { ObjectId } from 'bson';

/** New record id in MongoDB ObjectId form, whichever store holds the record. */
export const newId = (): string => new ObjectId().toHexString();
