import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './source-imports';

const API_SRC = join(__dirname, '../src');

/**
 * The layers of `api/src`, lowest first. A folder may import folders of its own layer (never both ways) and
 * of lower layers. Folders named nowhere are features (`filtering` among them): they may import each other one
 * way, and only the composition root imports them.
 * Files directly in `api/src` (the app module, `create-app`, `main`) compose everything and are left out.
 */
const LAYERS: readonly (readonly string[])[] = [
  // Settings, logging, port tokens and app events, shared HTTP plumbing, outgoing mail.
  ['config', 'logging', 'core', 'common', 'mail'],
  // Who is signed in: tokens, guards, the accounts store, per-user limits.
  ['auth'],
  // What features push through: sockets, record changes into the outbox and the embedded index worker,
  // search events and clicks.
  ['realtime', 'indexing', 'analytics'],
];

/** Above the features: the composition root, which opens each port's adapter for the configured setup. */
const COMPOSITION_ROOT = 'ports';

const FEATURES = LAYERS.length;
const layerOf = (folder: string): number => {
  if (folder === COMPOSITION_ROOT) return FEATURES + 1;
  const layer = LAYERS.findIndex((folders) => folders.includes(folder));
  return layer < 0 ? FEATURES : layer;
};

/** One example file import per pair of top-level folders, keyed `from -> to`. */
type FolderImports = Map<string, string>;

const folderOf = (root: string, file: string): string | undefined => {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : undefined;
};

const folderImports = (root: string, graph: Map<string, string[]>): FolderImports => {
  const imports: FolderImports = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(root, file);
    for (const target of targets) {
      const to = folderOf(root, target);
      if (!from || !to || from === to || imports.has(`${from} -> ${to}`)) continue;
      imports.set(`${from} -> ${to}`, `${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  return imports;
};

const edges = (imports: FolderImports) =>
  [...imports.keys()].map((key) => key.split(' -> ') as [string, string]);

/** Folder pairs importing each other, each once, as `a <-> b` with `a` first alphabetically. */
const pairsBothWays = (imports: FolderImports): string[] =>
  edges(imports)
    .filter(([from, to]) => from < to && imports.has(`${to} -> ${from}`))
    .map(([from, to]) => `${from} <-> ${to}`)
    .sort();

/** Imports from a lower layer into a higher one, with an example file import each. */
const upwardImports = (imports: FolderImports): string[] =>
  edges(imports)
    .filter(([from, to]) => layerOf(from) < layerOf(to))
    .map(([from, to]) => `${from} -> ${to} (${imports.get(`${from} -> ${to}`)})`)
    .sort();

describe('folders of api/src', () => {
  const imports = folderImports(API_SRC, importGraph(sourceFiles(API_SRC)));

  it('has no two folders importing each other', () => {
    expect(imports.size).toBeGreaterThan(0);
    expect(pairsBothWays(imports)).toEqual([]);
  });

  it('has no import from a lower layer into a higher one', () => {
    expect(upwardImports(imports)).toEqual([]);
  });

  it('finds pairs and upward imports when there are some', () => {
    const root = join(sep, 'src');
    const file = (path: string) => join(root, path);
    const graph = new Map([
      [file('chat/chat.service.ts'), [file('notifications/notifications.service.ts')]],
      [file('notifications/notifications.service.ts'), [file('chat/chat.service.ts')]],
      [file('core/tokens.ts'), [file('auth/token.service.ts'), file('core/port-status.ts')]],
      [file('app.module.ts'), [file('chat/chat.service.ts')]],
    ]);
    const found = folderImports(root, graph);
    expect(pairsBothWays(found)).toEqual(['chat <-> notifications']);
    expect(upwardImports(found)).toEqual(['core -> auth (core/tokens.ts -> auth/token.service.ts)']);
  });
});
