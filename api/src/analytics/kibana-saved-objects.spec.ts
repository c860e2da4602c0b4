import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVITATION_EVENTS_INDEX, invitationEventsMappings } from './invitation-events.mapping';
import { SEARCH_EVENTS_INDEX, searchEventsMappings } from './search-events.mapping';

interface SavedObject {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  references: { type: string; id: string; name: string }[];
}

interface LensColumn {
  operationType: string;
  sourceField?: string;
  filter?: { query: string; language: string };
  references?: string[];
  params?: { orderBy?: { columnId?: string }; formula?: string };
}

interface LensState {
  query: { query: string; language: string };
  datasourceStates: { formBased: { layers: Record<string, { columns: Record<string, LensColumn> }> } };
  visualization: {
    layers: { layerId: string; xAccessor: string; accessors: string[]; splitAccessor?: string }[];
  };
}

/** The field names a KQL query compares (`type : "click"`, `rank <= 24`); `*` names none. */
const kqlFields = (query: string): string[] =>
  [...query.matchAll(/([A-Za-z_][\w.]*)\s*(?::|<=|>=|<|>)/g)].map((match) => match[1]);

/** The KQL queries inside a Lens formula: `count(kql='hits : 0') / count(kql='*')`. */
const formulaQueries = (formula: string): string[] =>
  [...formula.matchAll(/kql='([^']*)'/g)].map((match) => match[1]);

const lensState = (title: string, among = byType('lens')): LensState =>
  among.find((lens) => lens.attributes.title === title)?.attributes.state as LensState;

const onlyLayer = (state: LensState) => Object.values(state.datasourceStates.formBased.layers)[0].columns;

const SAVED_OBJECTS = join(__dirname, '../../../deploy/kibana/search-events.ndjson');
const INVITATION_SAVED_OBJECTS = join(__dirname, '../../../deploy/kibana/invitation-events.ndjson');

const savedObjects = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SavedObject);

const lines = readFileSync(SAVED_OBJECTS, 'utf8').split('\n');
const objects = lines.filter(Boolean).map((line) => JSON.parse(line) as SavedObject);
const byType = (type: string) => objects.filter((object) => object.type === type);

/** Every field the events index can aggregate or search on, as Kibana names them (`top.id`). */
const mappedFields = (properties = searchEventsMappings.properties ?? {}, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(properties).flatMap(([name, mapping]) => {
      const nested = 'properties' in mapping ? mapping.properties : undefined;
      return nested
        ? [...mappedFields(nested, `${prefix}${name}.`)]
        : [[`${prefix}${name}`, String(mapping.type)] as [string, string]];
    }),
  );

describe('Kibana saved objects for search events', () => {
  it('is NDJSON: one complete saved object per line and nothing else', () => {
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).every((line) => line.trim().length > 0)).toBe(true);
    for (const object of objects) {
      expect(Object.keys(object)).toEqual(expect.arrayContaining(['type', 'id', 'attributes', 'references']));
      expect(typeof object.id).toBe('string');
      expect(Array.isArray(object.references)).toBe(true);
    }
    expect(new Set(objects.map((object) => object.id)).size).toBe(objects.length);
  });

  it('has a data view on the events index with `at` as its time field', () => {
    const [dataView] = byType('index-pattern');
    expect(dataView.attributes).toMatchObject({ title: SEARCH_EVENTS_INDEX, timeFieldName: 'at' });
    expect(mappedFields().get('at')).toBe('date');
  });

  it('refers only to objects of the file, so it imports on its own', () => {
    const known = new Set(objects.map((object) => `${object.type}:${object.id}`));
    for (const object of objects) {
      for (const reference of object.references) expect(known).toContain(`${reference.type}:${reference.id}`);
    }
  });

  it('builds its visualisations on fields the events index maps', () => {
    const fields = mappedFields();
    const lenses = byType('lens');
    expect(lenses.map((lens) => lens.attributes.title)).toEqual(
      expect.arrayContaining([
        'Searches over time',
        'Zero-hit searches',
        'Search latency percentiles (ms)',
        'Most used filters',
        'Similarity fallback rate',
        'Zero-result rate per day',
        'Click-through by rank',
        'Top zero-result filter combinations',
        'Most used labels',
      ]),
    );
    for (const lens of lenses) {
      const state = lens.attributes.state as LensState;
      for (const field of kqlFields(state.query.query)) expect(fields.has(field)).toBe(true);
      const layers = state.datasourceStates.formBased.layers;
      for (const [layerId, { columns }] of Object.entries(layers)) {
        expect(lens.references).toContainEqual({
          type: 'index-pattern',
          id: byType('index-pattern')[0].id,
          name: `indexpattern-datasource-layer-${layerId}`,
        });
        for (const column of Object.values(columns)) {
          // Formulas and their arithmetic read the columns they refer to, not a field.
          if (column.operationType === 'formula' || column.operationType === 'math') {
            for (const reference of column.references ?? []) expect(columns).toHaveProperty(reference);
            for (const query of formulaQueries(column.params?.formula ?? ''))
              for (const field of kqlFields(query)) expect(fields.has(field)).toBe(true);
          } else if (column.sourceField !== '___records___') {
            expect(fields.has(column.sourceField ?? '')).toBe(true);
          }
          for (const field of kqlFields(column.filter?.query ?? '')) expect(fields.has(field)).toBe(true);
          if (column.params?.orderBy?.columnId)
            expect(columns).toHaveProperty(column.params.orderBy.columnId);
        }
      }
      for (const layer of state.visualization.layers) {
        const columns = layers[layer.layerId].columns;
        for (const accessor of [layer.xAccessor, ...layer.accessors, layer.splitAccessor].filter(Boolean)) {
          expect(columns).toHaveProperty(accessor as string);
        }
      }
    }
    const [latest] = byType('search');
    for (const column of latest.attributes.columns as string[]) expect(fields.has(column)).toBe(true);
  });

  it('shows the views of the admin analytics page, defined as the page defines them', () => {
    const filtering = 'not type : "click" and not similarityFallback : true';
    const zeroRate = lensState('Zero-result rate per day');
    expect(zeroRate.query.query).toBe(filtering);
    expect(onlyLayer(zeroRate).day).toMatchObject({ sourceField: 'at', params: { interval: '1d' } });
    expect(onlyLayer(zeroRate).rate.params?.formula).toBe("count(kql='hits : 0') / count(kql='*')");

    const fallback = lensState('Similarity fallback rate');
    expect(fallback.query.query).toBe('not type : "click"');
    expect(onlyLayer(fallback).rate.params?.formula).toBe(
      "count(kql='similarityFallback : true') / count(kql='not similarityFallback : true')",
    );

    // A search counts under each rank it showed (`rank` holds them all), a click under the rank it opened.
    const clickThrough = lensState('Click-through by rank');
    expect(onlyLayer(clickThrough).rank).toMatchObject({ operationType: 'terms', sourceField: 'rank' });
    expect(onlyLayer(clickThrough).ctr.params?.formula).toBe(
      `count(kql='type : "click"') / count(kql='not type : "click"')`,
    );

    const combinations = lensState('Top zero-result filter combinations');
    expect(combinations.query.query).toBe(`${filtering} and hits : 0`);
    expect(onlyLayer(combinations).combination).toMatchObject({ sourceField: 'combination' });
    const labels = lensState('Most used labels');
    expect(labels.query.query).toBe(filtering);
    expect(onlyLayer(labels).label).toMatchObject({ sourceField: 'labels' });

    // Clicks share the index: the views counting searches leave them out.
    expect(lensState('Searches over time').query.query).toBe('not type : "click"');
    const [latest] = byType('search');
    expect(latest.attributes.kibanaSavedObjectMeta).toEqual({
      searchSourceJSON: expect.stringContaining('"query":"not type : \\"click\\""'),
    });
  });

  it('has a dashboard with a panel for each visualisation and the list of latest searches', () => {
    const [dashboard] = byType('dashboard');
    const panels = JSON.parse(dashboard.attributes.panelsJSON as string) as {
      panelIndex: string;
      panelRefName: string;
    }[];
    const panelTargets = panels.map(
      (panel) =>
        dashboard.references.find(
          (reference) => reference.name === `${panel.panelIndex}:${panel.panelRefName}`,
        )?.id,
    );
    expect(panelTargets.sort()).toEqual(
      [...byType('lens'), ...byType('search')].map((object) => object.id).sort(),
    );
  });
});

describe('Kibana saved objects for invitation events', () => {
  const saved = savedObjects(INVITATION_SAVED_OBJECTS);
  const ofType = (type: string) => saved.filter((object) => object.type === type);
  const fields = mappedFields(invitationEventsMappings.properties);
  const acceptance = `count(kql='outcome : "accepted"') / count(kql='outcome : "sent"')`;

  it('has a data view on the invitation events stream, and the two acceptance views on its fields', () => {
    const [dataView] = ofType('index-pattern');
    expect(dataView.attributes).toMatchObject({ title: INVITATION_EVENTS_INDEX, timeFieldName: 'at' });
    const lenses = ofType('lens');
    expect(lenses.map((lens) => lens.attributes.title).sort()).toEqual([
      'Invitation acceptance by rank',
      'Invitation acceptance by reciprocal score',
    ]);
    for (const lens of lenses) {
      const state = lens.attributes.state as LensState;
      for (const field of kqlFields(state.query.query)) expect(fields.has(field)).toBe(true);
      for (const [layerId, { columns }] of Object.entries(state.datasourceStates.formBased.layers)) {
        expect(lens.references).toEqual([
          { type: 'index-pattern', id: dataView.id, name: `indexpattern-datasource-layer-${layerId}` },
        ]);
        for (const column of Object.values(columns)) {
          if (column.operationType === 'formula' || column.operationType === 'math') {
            for (const reference of column.references ?? []) expect(columns).toHaveProperty(reference);
          } else if (column.sourceField !== '___records___') {
            expect(fields.has(column.sourceField ?? '')).toBe(true);
          }
          for (const field of kqlFields(column.filter?.query ?? '')) expect(fields.has(field)).toBe(true);
        }
      }
      for (const layer of state.visualization.layers) {
        const { columns } = state.datasourceStates.formBased.layers[layer.layerId];
        for (const accessor of [layer.xAccessor, ...layer.accessors])
          expect(columns).toHaveProperty(accessor);
      }
    }
  });

  it('defines the acceptance rate and the buckets as the admin page does', () => {
    const byScore = onlyLayer(lensState('Invitation acceptance by reciprocal score', ofType('lens')));
    expect(byScore.rate.params?.formula).toBe(acceptance);
    expect(byScore.score).toMatchObject({
      operationType: 'range',
      sourceField: 'reciprocalScore',
      params: {
        ranges: [0, 0.2, 0.4, 0.6, 0.8].map((from) =>
          expect.objectContaining({ from, to: from === 0.8 ? null : Math.round((from + 0.2) * 10) / 10 }),
        ),
      },
    });
    const byRank = lensState('Invitation acceptance by rank', ofType('lens'));
    expect(byRank.query.query).toBe('matchRank <= 24');
    expect(onlyLayer(byRank).rate.params?.formula).toBe(acceptance);
    expect(onlyLayer(byRank).rank).toMatchObject({ operationType: 'terms', sourceField: 'matchRank' });
  });

  it('has a dashboard with a panel for each view, referring only to objects of the file', () => {
    const [dashboard] = ofType('dashboard');
    const known = new Set(saved.map((object) => `${object.type}:${object.id}`));
    for (const object of saved)
      for (const reference of object.references) expect(known).toContain(`${reference.type}:${reference.id}`);
    expect(dashboard.references.map((reference) => reference.id).sort()).toEqual(
      ofType('lens')
        .map((lens) => lens.id)
        .sort(),
    );
  });
});
