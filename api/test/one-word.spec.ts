import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-imports';

const ROOT = join(__dirname, '../..');
const SOURCE_ROOTS = [
  ...readdirSync(join(ROOT, 'libs')).map((lib) => `libs/${lib}/src`),
  'api/src',
  'api/test',
  'indexer/src',
  'embedder/src',
  'web/src',
  'e2e',
];

/** The wire and screen words for a profile (docs/glossary.md); inside the code a profile is a "profile". */
const OTHER_WORDS = /teammate|skiller/i;

/**
 * Property names that are wire names: JSON keys of the API's bodies and answers, `SearchKind` values used as
 * keys, the `/home/card/Teammate` path segment, and the browser tests' environment variable.
 */
const WIRE_KEYS = new Set([
  'teammate',
  'teammates',
  'teammatesPages',
  'teammateId',
  'teammateIds',
  'teammate_creator',
  'userTeammateProfile',
  'isMyTeammate',
  'Teammate',
  'SKILLERS_E2E_DATA_DIR',
]);

/** Edge files that may name things after their URL: the web app's route table and route screens. */
const EDGE_FILES = [/^web\/src\/app\/router\.tsx$/, /^web\/src\/app\/routes\/[^/]+\.route\.tsx$/];

/** Whether `id` names a property (a key, a member read, a destructured key) rather than a binding. */
const isPropertyName = (id: ts.Identifier): boolean => {
  const parent = id.parent;
  return (
    ((ts.isPropertySignature(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyAccessExpression(parent) ||
      ts.isJsxAttribute(parent)) &&
      parent.name === id) ||
    (ts.isBindingElement(parent) && parent.propertyName === id) ||
    (ts.isQualifiedName(parent) && parent.right === id)
  );
};

/** Each identifier of `file` using another word for a profile, as `path:line name`. */
const otherWordsIn = (path: string, text: string): string[] => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && OTHER_WORDS.test(node.text)) {
      if (!(isPropertyName(node) && WIRE_KEYS.has(node.text))) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${path}:${line + 1} ${node.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const internalFiles = (): string[] =>
  SOURCE_ROOTS.flatMap((root) => sourceFiles(join(ROOT, root)))
    .map((file) => relative(ROOT, file))
    .filter((file) => !EDGE_FILES.some((edge) => edge.test(file)));

describe('one word for a profile inside the code', () => {
  it('names no type, function, variable or parameter after the wire word "teammate" or the screen word "skiller"', () => {
    const files = internalFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => otherWordsIn(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('flags a binding but lets wire keys and string literals through', () => {
    const text = [
      "const teammate = await api.get<{ teammates: View[] }>('/api/teammates');",
      "const { teammates: profiles, teammatesPages } = body; send({ kind: 'teammate' });",
      'function showSkiller(profile: View) { return { profile, isMyTeammate: profile.isMyTeammate }; }',
      'const { teammate } = answer;',
    ].join('\n');
    expect(otherWordsIn('example.ts', text)).toEqual([
      'example.ts:1 teammate',
      'example.ts:2 teammatesPages',
      'example.ts:3 showSkiller',
      'example.ts:4 teammate',
    ]);
  });
});
