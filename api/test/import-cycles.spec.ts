import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './source-imports';

const ROOT = join(__dirname, '../..');
const SOURCE_ROOTS = [
  ...readdirSync(join(ROOT, 'libs')).map((lib) => `libs/${lib}/src`),
  'api/src',
  'indexer/src',
  'embedder/src',
  'web/src',
];

/** The first circle found, as the files along it, or null. */
const findCycle = (graph: Map<string, string[]>): string[] | null => {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') return null;
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file];
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
};

describe('import circles', () => {
  it.each(SOURCE_ROOTS)('%s has no circle of imports between its modules', (root) => {
    const graph = importGraph(sourceFiles(join(ROOT, root)));
    expect(graph.size).toBeGreaterThan(0);
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => relative(ROOT, file)) ?? null).toBeNull();
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
