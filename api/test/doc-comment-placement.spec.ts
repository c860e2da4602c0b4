import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

// The rule is an ES module, as eslint.config.mjs loads it; this file is compiled as CommonJS.
describe('doc comments stand directly before a declaration', async () => {
  const { docCommentPlacement } = await import('../../eslint-rules/doc-comment-placement.mjs');
  tester.run('doc-comment-placement', docCommentPlacement, {
    valid: [
      '/** The answer. */\nexport const answer = 42;',
      '/** A file overview. */\n\nimport { a } from "a";\nexport const b = a;',
      'class A {\n  /** The count. */\n  count = 0;\n  /** Adds one. */\n  add() {}\n}',
      '/** A service. */\n@Injectable()\nexport class A {}',
      'interface A {\n  /** The id. */\n  id: string;\n}',
      'type Reason =\n  /** Nothing hidden. */\n  | "not-hidden"\n  /** Taken. */\n  | "taken";',
      'const run = (\n  /** Called on failure. */\n  onFailure: () => void,\n) => onFailure;',
      'const settings = {\n  /** Seconds. */\n  timeout: 5,\n};',
      '/** Why. */\n// eslint-disable-next-line no-console\nexport const log = console.log;',
      '/** @typedef {{ a: number }} Options */\n\nexport const b = 1;',
    ],
    invalid: [
      {
        code: '/** Event names. */\n/** The room. */\nexport const room = "r";',
        errors: [{ messageId: 'stacked', line: 1 }],
      },
      {
        code: 'export const a = 1;\n/** Lost. */\n\nexport const b = 2;',
        errors: [{ messageId: 'orphaned', line: 2 }],
      },
      {
        code: 'export const a = 1;\n/** Lost. */\na.toString();',
        errors: [{ messageId: 'orphaned', line: 2 }],
      },
      {
        code: 'export function f() {\n  return 1;\n  /** Lost at the end of a block. */\n}',
        errors: [{ messageId: 'orphaned', line: 3 }],
      },
      {
        code: 'export const a = 1;\n/** Lost at the end of the file. */',
        errors: [{ messageId: 'orphaned', line: 2 }],
      },
    ],
  });
});
