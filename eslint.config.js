import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Timers a screen may not keep: a wait is a chart's `after` or invoked actor (issue 39). */
const TIMERS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame'];
const TIMER_MESSAGE = "screens, features, routing and ui keep no timers: a wait is a chart's `after` or an invoked actor";

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

/** What every server file may import: domain, machines and the contract, never React. */
const SERVER_PATTERNS = [
  { regex: '^@/(?!(domain|machines|api/contract)(/|$))', message: 'server imports only domain, machines and the contract' },
  { regex: '^react', message: 'server never imports React' },
];

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
  { files: ['src/api/**'], ignores: ['src/api/contract/**'], rules: only(['domain', 'api'], 'api imports only domain and api: the layers run domain → api → machines → ui → routing → features → screens → app') },
  { files: ['src/i18n/**'], rules: only(['domain', 'i18n'], 'i18n imports only domain') },
  { files: ['src/ui/**'], rules: only(['domain', 'machines', 'api', 'i18n', 'ui'], 'ui is the design system: it never imports routing, features, screens or app') },
  { files: ['src/routing/**'], rules: only(['domain', 'machines', 'api', 'i18n', 'ui', 'routing'], 'routing (a route\'s frame, the screens a person may open) never imports features, screens or app') },
  { files: ['src/features/**'], rules: only(['domain', 'machines', 'api', 'i18n', 'ui', 'routing', 'features'], 'features never import screens or app: a feature\'s parts live in features/<feature>') },
  {
    files: ['src/screens/**'],
    rules: only(['domain', 'machines', 'api', 'i18n', 'ui', 'routing', 'features'], 'screens never import each other nor app: shared pieces go to features (one feature\'s) or ui'),
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_PATTERNS,
          ],
        },
      ],
    },
  },
  // The generic mover imports no feature: claims, four-eyes and the like are gates handed to it by
  // the composition root (server/lifecycles.ts). Type imports count too.
  {
    files: ['server/lifecycle/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_PATTERNS,
            {
              regex: '^\\.\\./(?!((db|auth|observability)/|(deps|config|http|clock|runtime)$))',
              message: 'the mover imports no feature: a feature gives it a binding or a gate at the composition root',
            },
          ],
        },
      ],
    },
  },
  // The action tables' generic layer knows no feature's rule (the payout rule is the item charts').
  {
    files: ['src/machines/lifecycle/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/(?!(domain/permissions|api/contract/clients|api/contract/wire|machines/lifecycle)(/|$))',
              message: 'the generic action table imports no feature: only the permissions, the API clients, the wire and itself',
            },
            { regex: '^\\.\\./', message: 'Import through the @/ alias, not across folders with ../' },
          ],
        },
      ],
    },
  },
  // No source file over 400 lines (issue 25), so none grows back; the seed is data, not logic.
  {
    files: ['{src,server,tests,scripts,bench}/**/*.{ts,tsx}'],
    ignores: ['server/db/seed/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // No import circles in the console or the server (type-only imports are not followed by the rule).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    settings: {
      // The rule reads the files it follows: TypeScript ones too, through typescript-eslint's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ tsconfig: { configFile: path.join(root, 'tsconfig.json') }, extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['types', 'import', 'default'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Screens only render (issue 39 §7): no timers in screens, features, routing and ui, and a ref holds a DOM node (or a
  // grid's handle), never data. Waits, reads, paging and what a screen remembers are its chart's
  // (`after`, invoked actors, context).
  {
    files: ['src/screens/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/routing/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...TIMERS.map((name) => ({ name, message: TIMER_MESSAGE }))],
      'no-restricted-properties': ['error', ...['window', 'globalThis', 'self'].flatMap((object) => TIMERS.map((property) => ({ object, property, message: TIMER_MESSAGE })))],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='useRef']:not(:has(TSTypeReference[typeName.name=/^(HTML\\w*Element|SVG\\w*Element|AgGridReact)$/]))",
          message: 'a ref holds a DOM node (useRef<HTML…Element>(null)) or a grid handle, never data: keep data in a chart\'s context (or useEffectEvent for the latest callback)',
        },
      ],
    },
  },
);
