import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  params?: { orderBy?: { columnId?: string } };
}

const SAVED_OBJECTS = join(__dirname, '../../../../deploy/kibana/search-events.ndjson');

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
      ]),
    );
    for (const lens of lenses) {
      const state = lens.attributes.state as {
        datasourceStates: { formBased: { layers: Record<string, { columns: Record<string, LensColumn> }> } };
        visualization: {
          layers: { layerId: string; xAccessor: string; accessors: string[]; splitAccessor?: string }[];
        };
      };
      const layers = state.datasourceStates.formBased.layers;
      for (const [layerId, { columns }] of Object.entries(layers)) {
        expect(lens.references).toContainEqual({
          type: 'index-pattern',
          id: byType('index-pattern')[0].id,
          name: `indexpattern-datasource-layer-${layerId}`,
        });
        for (const column of Object.values(columns)) {
          if (column.sourceField !== '___records___') expect(fields.has(column.sourceField ?? '')).toBe(true);
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
