import { type SearchDocument, TAG_FACETS, type TagFacet } from '@skillers/domain';

/**
 * A deep copy with exactly the document's fields. Orama keeps inserted objects by reference, so the index
 * must never hold, or hand out, an object a caller can still change.
 */
export const copyDocument = (doc: SearchDocument): SearchDocument => {
  const copy: SearchDocument = {
    id: doc.id,
    kind: doc.kind,
    ownerId: doc.ownerId,
    createdAt: doc.createdAt,
    text: doc.text,
    tags: Object.fromEntries(TAG_FACETS.map((facet) => [facet, [...doc.tags[facet]]])) as Record<
      TagFacet,
      string[]
    >,
    toolLevels: Object.fromEntries(Object.entries(doc.toolLevels)),
    numbers: { ...doc.numbers },
    workingTypeRemote: doc.workingTypeRemote,
    workingTypeOffice: doc.workingTypeOffice,
  };
  if (doc.lastActiveAt !== undefined) copy.lastActiveAt = doc.lastActiveAt;
  if (doc.openUntil !== undefined) copy.openUntil = doc.openUntil;
  if (doc.vector) copy.vector = [...doc.vector];
  if (doc.vectorModel !== undefined) copy.vectorModel = doc.vectorModel;
  return copy;
};
