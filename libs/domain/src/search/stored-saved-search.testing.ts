import { SAVED_SEARCH_SCHEMA_VERSION } from '../saved-search';

const at = '2026-01-01T00:00:00.000Z';

/** A row as the current version stores it. */
export const storedRow = (overrides: Record<string, unknown> = {}) => ({
  _id: 'a'.repeat(24),
  ownerId: 'b'.repeat(24),
  schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
  kind: 'teammate',
  name: 'Figma people',
  filters: { toolsExperience: [{ tool: 'Figma', mep: 4 }], locations: ['Poland'] },
  restriction: 'min_1_match',
  alerts: true,
  lastViewedAt: at,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

/** The stored shapes that crashed start-up, gave their owner a 500 or matched every record. */
export const CORRUPT_SAVED_SEARCH_ROWS: Record<string, Record<string, unknown>> = {
  'filters: null': storedRow({ filters: null }),
  'text: 12345': storedRow({ filters: {}, text: 12345 }),
  'toolsExperience: [null]': storedRow({ filters: { toolsExperience: [null] } }),
  'kind: "post"': storedRow({ kind: 'post' }),
  'an unknown filter key': storedRow({ filters: { colour: ['red'] } }),
  'an empty row': {},
  'bad hours': storedRow({ filters: { requiredAvailability: { hours: -5, mode: 'Up to' } } }),
  'a bad date': storedRow({ filters: { projectDeadline: '2030-13-45' } }),
  'no filter and no words': storedRow({ filters: {} }),
  'a NUL in its name': storedRow({ name: 'bad\u0000name' }),
  'a version from the future': storedRow({ schemaVersion: 99 }),
  'a must-not that is also picked': storedRow({ mustNot: { locations: ['Poland'] } }),
  'must-nots as a list': storedRow({ mustNot: ['Spain'] }),
  'understood: "python"': storedRow({ text: 'python', understood: 'python' }),
  'an unknown understood filter': storedRow({
    text: 'python',
    understood: { labels: { colour: ['red'] }, not: {}, places: [], words: ['python'] },
  }),
};
