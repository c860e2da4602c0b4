import type { estypes } from '@elastic/elasticsearch';

/** The data stream of invitation events; the saved objects in deploy/kibana expect this name. */
export const INVITATION_EVENTS_INDEX = 'invitation-events';

/** Strict like the search events' mapping; `matchRank` is apart from their `rank`, which counts impressions. */
export const invitationEventsMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    '@timestamp': { type: 'date' },
    type: { type: 'keyword' },
    invitationId: { type: 'keyword' },
    outcome: { type: 'keyword' },
    at: { type: 'date' },
    direction: { type: 'keyword' },
    reciprocalScore: { type: 'float' },
    matchRank: { type: 'integer' },
  },
};
