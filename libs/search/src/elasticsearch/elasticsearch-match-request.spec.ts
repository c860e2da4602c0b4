import type { estypes } from '@elastic/elasticsearch';
import { needWeightTable, profilesMatchQuery, projectsMatchQuery } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { toolLevelToken } from '../tool-level-tokens';
import { searchDocument } from '../search-index.contract';
import { toSource } from './elasticsearch-mapping';
import { matchSearchRequest, readMatches } from './elasticsearch-match-request';

/*
 * The request "matches for you" sends; a real cluster runs the matches contract where ELASTICSEARCH_URL is set.
 */

// 100 profiles: Rust on 10 of them, Backend Developer on 50.
const weights = needWeightTable(100, { tools: { Rust: 10 }, hardSkills: { 'Backend Developer': 50 } });
const rust = weights.byField.tools.Rust;
const backend = weights.byField.hardSkills['Backend Developer'];

const project = {
  toolsExperience: [{ tool: 'Rust', mep: 3 }],
  hardSkills: ['Backend Developer'],
  offeredGratification: ['Equity'],
  forGratification: [],
  workingTypeRemote: true,
  workingTypeOffice: false,
  availability: 20,
  locations: ['Spain'],
};

const scriptScore = (request: estypes.SearchRequest) =>
  request.query?.script_score as estypes.QueryDslScriptScoreQuery;

describe('Elasticsearch matches request', () => {
  it('for a project: one weighted should clause per ask, left-out owners, the wants in the script', () => {
    const request = matchSearchRequest('teammates', profilesMatchQuery(project, weights), {
      k: 30,
      excludeOwners: ['owner-1'],
    });
    expect(request).toMatchObject({ index: 'teammates', size: 30, track_total_hits: true });
    expect(request.sort).toEqual([
      { _score: { order: 'desc' } },
      { createdAt: { order: 'desc' } },
      { id: { order: 'desc' } },
    ]);
    const { query, script, min_score } = scriptScore(request);
    expect(min_score).toBeGreaterThan(0);
    expect(query?.bool).toEqual({
      should: [
        { constant_score: { filter: { term: { toolTokens: toolLevelToken('Rust', 3) } }, boost: rust } },
        { constant_score: { filter: { term: { 'tags.hardSkills': 'Backend Developer' } }, boost: backend } },
      ],
      minimum_should_match: 1,
      must_not: [{ terms: { ownerId: ['owner-1'] } }],
    });
    expect((script as estypes.Script).params).toEqual({
      asked: rust + backend,
      offered: ['Equity'],
      basis: [],
      places: ['Spain'],
      remote: true,
      office: false,
      availability: 20,
    });
  });

  it('for a profile: a clause per held label, tools asked up to the held level; the weights for the script', () => {
    const profile = { ...project, availabilityFrom: 40, availabilityTo: 100, availabilityType: 'Monthly' };
    const request = matchSearchRequest('projects', projectsMatchQuery(profile, weights), { k: 20_000 });
    expect(request.size).toBe(10_000);
    const { query, script } = scriptScore(request);
    expect(query?.bool?.must_not).toBeUndefined();
    expect(query?.bool?.should).toEqual([
      {
        constant_score: {
          filter: {
            bool: {
              filter: [{ term: { toolTokens: toolLevelToken('Rust', 0) } }],
              must_not: [{ term: { toolTokens: toolLevelToken('Rust', 4) } }],
            },
          },
          boost: rust,
        },
      },
      { constant_score: { filter: { term: { 'tags.hardSkills': 'Backend Developer' } }, boost: backend } },
    ]);
    expect((script as estypes.Script).params).toMatchObject({
      weights: weights.byField,
      unlisted: weights.unlisted,
      offered: ['Equity'],
      places: ['Spain'],
      remote: true,
      hoursFrom: 10,
      hoursTo: 25,
    });
  });

  it('reads the hits: shares computed again in doubles, put in that order, no fit dropped, with the total', () => {
    const query = profilesMatchQuery(project, weights);
    const fitting = { toolLevels: { Rust: 3 }, tags: { offeredGratification: ['Equity'] } };
    const older = searchDocument({ ...fitting, createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = searchDocument({ ...fitting, createdAt: '2026-02-01T00:00:00.000Z' });
    const half = searchDocument({
      ...fitting,
      toolLevels: {},
      tags: { ...fitting.tags, hardSkills: ['Backend Developer'] },
    });
    const none = searchDocument({ tags: { offeredGratification: ['Salary'] } });
    // As Elasticsearch might order 32-bit scores: not the order of the exact ones.
    const hits = [half, older, none, newer].map((doc) => ({
      _index: 'teammates',
      _id: doc.id,
      _source: toSource(doc),
    }));
    const answer = readMatches(query, {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { total: { value: 7, relation: 'eq' }, hits },
    });
    expect(answer.total).toBe(7);
    expect(answer.hits.map((hit) => hit.id)).toEqual([newer.id, older.id, half.id]);
    expect(answer.hits[0]).toEqual({
      id: newer.id,
      ownerId: newer.ownerId,
      needs: rust / (rust + backend),
      wants: 1,
      score: Math.sqrt(rust / (rust + backend)),
    });
  });
});
