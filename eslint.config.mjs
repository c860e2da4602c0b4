import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import docComments from './eslint-rules/doc-comment-placement.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['api/**/*.ts', 'indexer/**/*.ts', 'embedder/**/*.ts'],
    // Nest resolves constructor parameters from emitted metadata: type-only imports would erase it.
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Apps import only libraries (libs/*); the built graph is checked by api/test/server-imports.spec.ts.
    files: ['api/**/*.ts', 'indexer/**/*.ts', 'embedder/**/*.ts', 'libs/**/*.ts', 'web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@skillers/api', '@skillers/indexer', '@skillers/embedder', '@skillers/web'],
              message: 'Apps import only libraries: move what both need into libs/.',
            },
            {
              regex: '^(\\.\\./)+(api|indexer|embedder|web)/(src|test|dist)/',
              message: 'Apps import only libraries: move what both need into libs/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { 'doc-comments': docComments },
    rules: { 'doc-comments/doc-comment-placement': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
