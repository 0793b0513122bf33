// ESLint for every script of the repository: the site's components and
// config, the local plugins, the tests and the bench. Formatting is Prettier's.
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.docusaurus*/',
      '.bench/',
      'test-results/',
      'playwright-report/',
      // Other projects' docs, taken as they are.
      'tests/corpus/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {globals: {...globals.node}},
    rules: {
      // `_name` marks an argument a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', 'babel.config.js'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // What runs in the reader's browser.
    files: [
      'src/**/*.{ts,tsx}',
      'plugins/**/theme/**/*.{ts,tsx}',
      'packages/**/*.{ts,tsx}',
    ],
    plugins: {
      react,
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      '@docusaurus': docusaurus,
    },
    languageOptions: {
      parserOptions: {ecmaFeatures: {jsx: true}},
      globals: {...globals.browser},
    },
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // The classic hooks rules, as Docusaurus's own repository uses them.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Its types widen the rules' severities to string.
      .../** @type {import('eslint').Linter.RulesRecord} */ (
        docusaurus.configs.recommended.rules
      ),
      // A scroll area takes focus so that the keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        {tags: ['pre', 'table']},
      ],
    },
  },
  {
    // Playwright tests and the bench run code in the page with page.evaluate().
    files: [
      'tests/e2e/**/*.ts',
      'scripts/bench/interactions.mjs',
      'scripts/bench/peers.mjs',
    ],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
);
