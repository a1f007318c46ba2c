import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** DESIGN.md §3 import rules, as restricted import patterns per layer. */
const only = (allowed, message) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: `^@/(?!(${allowed.join('|')})(/|$))`, message },
        { regex: '^\\.\\./', message: 'Import through the @/ alias, not across folders with ../' },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'test-results/**', 'test-results-*/**', 'playwright-report/**', '.reports/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  { files: ['src/domain/**'], rules: only(['domain'], 'domain is pure: it imports nothing of ours but domain') },
  { files: ['src/machines/**'], rules: only(['domain', 'api/contract', 'machines', 'i18n'], 'machines import only domain, the contract, machines and the texts (action tables)') },
  { files: ['src/api/contract/**'], rules: only(['domain', 'api/contract'], 'the contract imports only domain') },
  { files: ['src/api/**'], ignores: ['src/api/contract/**'], rules: only(['domain', 'api', 'machines'], 'api imports only domain, api and the action tables of machines') },
  { files: ['src/i18n/**'], rules: only(['domain', 'i18n'], 'i18n imports only domain') },
  { files: ['src/ui/**'], rules: only(['domain', 'machines', 'api', 'i18n', 'ui', 'app'], 'ui never imports screens') },
  {
    files: ['src/screens/**'],
    rules: only(['domain', 'machines', 'api', 'i18n', 'ui', 'app'], 'screens never import each other: shared pieces go to ui'),
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(?!(domain|machines|api/contract)(/|$))', message: 'server imports only domain, machines and the contract' },
            { regex: '^react', message: 'server never imports React' },
          ],
        },
      ],
    },
  },
);
