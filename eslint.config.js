// ESLint flat config (docs/decisions/030-eslint-in-npm-test.md). `npm run lint`; `npm test` runs it too.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noDatabaseInTransaction from './scripts/eslint-rules/no-database-in-transaction.js';

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', 'test-results/', 'data/', 'migrations/', 'bench/.tmp/', '.tmp/', 'client/public/']),
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_`-prefixed names mark a parameter a signature needs but the body does not (Express error middleware).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off: a function that must return a promise (a fetch stub, an `eventually` probe) reads best as async;
      // no-floating-promises and no-misused-promises catch the mistakes that matter.
      '@typescript-eslint/require-await': 'off',
      // JSX attributes only: React drops what an event handler returns, and an async handler catches its own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Rules of this project's own (scripts/eslint-rules/): the database a transaction holds is not used inside it (docs/decisions/129).
    files: ['server/**/*.ts', 'db/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'tests/**/*.ts'],
    plugins: { local: { rules: { 'no-database-in-transaction': noDatabaseInTransaction } } },
    rules: { 'local/no-database-in-transaction': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      // Off in tests: vitest types its asymmetric matchers (expect.any, expect.stringMatching) as any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // Its page.evaluate callbacks run in the browser.
    files: ['scripts/record-demo-video.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
);
