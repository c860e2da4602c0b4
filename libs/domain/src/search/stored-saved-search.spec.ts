import { describe, expect, it } from 'vitest';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_SCHEMA_VERSION } from '../saved-search';
import { CORRUPT_SAVED_SEARCH_ROWS, storedRow } from './stored-saved-search.testing';
import {
  type CurrentLabel,
  readStoredSavedSearch,
  SAVED_SEARCH_MIGRATIONS,
  savedSearchNeedingAttention,
} from './stored-saved-search';

describe('reading a stored saved search', () => {
  it('reads a good row as it was stored, with no notes', () => {
    const reading = readStoredSavedSearch(storedRow());
    expect(reading).toEqual({ ok: true, search: storedRow(), notes: [] });
  });

  it.each(Object.entries(CORRUPT_SAVED_SEARCH_ROWS))(
    'quarantines a row with %s, saying why',
    (_shape, row) => {
      const reading = readStoredSavedSearch(row);
      expect(reading.ok).toBe(false);
      if (!reading.ok) expect(reading.problem).toMatch(/\w/);
    },
  );

  it('says what is wrong in words', () => {
    expect(readStoredSavedSearch(storedRow({ kind: 'post' }))).toEqual({
      ok: false,
      problem: 'kind: Kind must be project or teammate',
    });
    expect(readStoredSavedSearch(storedRow({ filters: {} }))).toEqual({
      ok: false,
      problem: 'It has no filter or word left, so it would match everything',
    });
  });

  it('has a migration from every older version, and moves a version 1 row (no version) to the current one', () => {
    for (let version = 1; version < SAVED_SEARCH_SCHEMA_VERSION; version++) {
      expect(SAVED_SEARCH_MIGRATIONS[version], `from version ${version}`).toBeTypeOf('function');
    }
    const { schemaVersion: _version, ...versionOne } = storedRow();
    expect(readStoredSavedSearch(versionOne)).toEqual({ ok: true, search: storedRow(), notes: [] });
  });

  it('reads its must-nots, relabelled like its picks, and a version 2 row without them as it was', () => {
    const labelNow: CurrentLabel = (_vocabulary, label) => (label === 'Sketch' ? 'Sketch App' : label);
    const reading = readStoredSavedSearch(storedRow({ mustNot: { toolsExperience: ['Sketch'] } }), labelNow);
    expect(reading).toMatchObject({ ok: true, search: { mustNot: { toolsExperience: ['Sketch App'] } } });
    expect(readStoredSavedSearch(storedRow({ schemaVersion: 2 }))).toEqual({
      ok: true,
      search: storedRow(),
      notes: [],
    });
  });

  it('reads a version 2 row (saved before texts were understood) without an understanding', () => {
    const versionTwo = storedRow({ schemaVersion: 2, text: 'pyhton developer' });
    expect(readStoredSavedSearch(versionTwo)).toEqual({
      ok: true,
      search: storedRow({ text: 'pyhton developer' }),
      notes: [],
    });
  });

  it('reads what was understood of the text back, its labels in the current vocabularies', () => {
    const understood = {
      labels: { toolsExperience: ['Figma'], locations: ['Poland'] },
      not: { hardSkills: ['Full Stack Developer'] },
      places: ['warsaw'],
      words: ['figma', 'warsaw'],
    };
    const row = storedRow({ text: 'figma in warsaw, not full stack', understood });
    expect(readStoredSavedSearch(row)).toEqual({ ok: true, search: row, notes: [] });
    const labelNow: CurrentLabel = (_vocabulary, label) => (label === 'Figma' ? 'Figma Design' : label);
    expect(readStoredSavedSearch(row, labelNow)).toMatchObject({
      ok: true,
      search: { understood: { labels: { toolsExperience: ['Figma Design'], locations: ['Poland'] } } },
    });
  });

  it('maps a renamed label and leaves out a removed one, and says so', () => {
    const changes = new Map([
      ['Figma', 'Figma Design'],
      ['Poland', undefined],
    ]);
    const labelNow: CurrentLabel = (_vocabulary, label) => (changes.has(label) ? changes.get(label) : label);
    const row = storedRow({
      filters: { toolsExperience: [{ tool: 'Figma', mep: 4 }, 'Sketch'], locations: ['Poland', 'Spain'] },
      mustHave: { locations: ['Poland'] },
    });
    const reading = readStoredSavedSearch(row, labelNow);
    expect(reading).toEqual({
      ok: true,
      search: storedRow({
        filters: { toolsExperience: [{ tool: 'Figma Design', mep: 4 }, 'Sketch'], locations: ['Spain'] },
        mustHave: { locations: [] },
      }),
      notes: ['"Figma" is now called "Figma Design"', '"Poland" is no longer offered and was left out'],
    });
  });

  it('maps a label typed in another case to the vocabulary, and quarantines a search left with nothing', () => {
    const reading = readStoredSavedSearch(storedRow({ filters: { toolsExperience: ['figma'] } }));
    expect(reading).toMatchObject({ ok: true, search: { filters: { toolsExperience: ['Figma'] } } });
    const emptied = readStoredSavedSearch(storedRow({ filters: { locations: ['Atlantis'] } }));
    expect(emptied).toEqual({
      ok: false,
      problem:
        'It has no filter or word left ("Atlantis" is no longer offered and was left out), so it would match everything',
    });
  });

  it('lists a quarantined row by its name, or a stand-in when the name is unusable', () => {
    expect(savedSearchNeedingAttention(storedRow({ filters: null }), 'why')).toEqual({
      _id: 'a'.repeat(24),
      name: 'Figma people',
      needsAttention: true,
      problem: 'why',
      newMatches: 0,
    });
    expect(savedSearchNeedingAttention({ _id: 'x', name: 12 }, 'why').name).toBe(
      SAVED_SEARCH_MESSAGES.unnamed,
    );
  });
});
