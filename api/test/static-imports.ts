import { existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';

const BUILTINS = new Set(builtinModules);
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]);

// Loads that run as the file is evaluated: CommonJS `require("…")`, ES `import … from "…"`,
// `export … from "…"` and bare `import "…"`. A `require` inside a function counts too (over-approximating
// is the safe side); `import("…")` is the only way left out, and is collected apart.
const STATIC_LOADS = [
  /\brequire\(\s*["']([^"']+)["']\s*\)/g,
  /(?:^|[;\s}])(?:import|export)\s[^'"();]*?\bfrom\s*["']([^"']+)["']/g,
  /(?:^|[;\s])import\s*["']([^"']+)["']/g,
];
const DYNAMIC_LOAD = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

const specifiers = (source: string, patterns: RegExp[]): string[] =>
  patterns.flatMap((pattern) => [...source.matchAll(pattern)].map(([, specifier]) => specifier));

export interface ImportGraph {
  /** Every file the entry loads as it starts, itself included (real paths). */
  files: Set<string>;
  /** The modules named by `import("…")` in those files, resolved where they can be. */
  dynamic: Set<string>;
}

const resolveFrom = (file: string, specifier: string): string | null => {
  try {
    return createRequire(file).resolve(specifier);
  } catch {
    // Optional dependencies that are not installed (a `require` in a try block) are not part of the graph.
    return null;
  }
};

/**
 * The files a Node entry point reaches through static loads, followed into every package, workspace
 * libraries and `node_modules` alike; JavaScript files only (compiled output and published packages).
 */
export const staticImportGraph = (entry: string): ImportGraph => {
  if (!existsSync(entry)) throw new Error(`${entry} does not exist: run npm run build:server first`);
  const files = new Set<string>();
  const dynamic = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.[cm]?js$/.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    for (const specifier of specifiers(source, STATIC_LOADS)) {
      if (isBuiltin(specifier)) continue;
      const resolved = resolveFrom(file, specifier);
      if (resolved && !files.has(resolved)) pending.push(resolved);
    }
    for (const specifier of specifiers(source, [DYNAMIC_LOAD])) {
      if (!isBuiltin(specifier)) dynamic.add(resolveFrom(file, specifier) ?? specifier);
    }
  }
  return { files, dynamic };
};

/** The package a file belongs to, by the nearest `node_modules/<name>` in its path, or null for our own. */
export const packageOf = (file: string): string | null => {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1] : null;
};

/** The repository folder holding `file`, such as `api`, `indexer` or `libs/search`. */
export const workspaceOf = (root: string, file: string): string | null => {
  if (!file.startsWith(`${root}/`) || packageOf(file)) return null;
  const [first, second] = file.slice(root.length + 1).split('/');
  return first === 'libs' ? `libs/${second}` : first;
};
