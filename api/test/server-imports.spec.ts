import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, packageOf, staticImportGraph, workspaceOf } from './static-imports';

const ROOT = join(__dirname, '../..');
const APPS = ['api', 'indexer', 'embedder', 'web'];

const packages = (graph: ImportGraph) =>
  new Set([...graph.files].map(packageOf).filter((name) => name !== null));
const workspaces = (graph: ImportGraph) =>
  new Set([...graph.files].map((file) => workspaceOf(ROOT, file)).filter((name) => name !== null));

/*
 * What each built service loads as it starts, read from its compiled output (`npm test` builds it first):
 * apps import only libraries, and the API ships without the demo generator's faker or the command line's
 * commander.
 */
describe('static imports of the built services', () => {
  const api = staticImportGraph(join(ROOT, 'api/dist/main.js'));
  const indexer = staticImportGraph(join(ROOT, 'indexer/dist/cli.js'));
  const worker = staticImportGraph(join(ROOT, 'indexer/dist/worker/worker.main.js'));
  const embedder = staticImportGraph(join(ROOT, 'embedder/dist/main.js'));

  it('the API reaches neither faker, nor commander, nor the demo library', () => {
    const reached = packages(api);
    // The graph does follow into packages: the API's own framework is in it.
    expect(reached).toContain('@nestjs/core');
    expect(reached).not.toContain('@faker-js/faker');
    expect(reached).not.toContain('commander');
    expect(workspaces(api)).not.toContain('libs/demo-data');
  });

  it('the API loads the demo library only through import(), when it seeds', () => {
    const demoData = [...api.dynamic].filter((file) => workspaceOf(ROOT, file) === 'libs/demo-data');
    expect(demoData).toHaveLength(1);
    // Followed, that import is what brings faker in: the check above would see it.
    expect(staticImportGraph(demoData[0]).dynamic).toContain(require.resolve('@faker-js/faker'));
  });

  it('each service reaches no other app, only libraries', () => {
    const services = { api, indexer, worker, embedder };
    for (const [name, graph] of Object.entries(services)) {
      const own = name === 'worker' ? 'indexer' : name;
      const apps = [...workspaces(graph)].filter((workspace) => APPS.includes(workspace));
      expect(apps, name).toEqual([own]);
      expect(
        [...workspaces(graph)].filter((workspace) => !workspace.startsWith('libs/') && workspace !== own),
      ).toEqual([]);
    }
  });

  it('commander stays with the command line, not the index worker', () => {
    expect(packages(indexer)).toContain('commander');
    expect(packages(worker)).not.toContain('commander');
  });
});
