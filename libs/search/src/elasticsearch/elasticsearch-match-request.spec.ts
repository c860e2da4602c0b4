import type { estypes } from '@elastic/elasticsearch';
import { needWeightTable, profilesMatchQuery, projectsMatchQuery } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { toolLevelToken } from '../tool-level-tokens';
import { matchSearchRequest } from './elasticsearch-match-request';

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
});
