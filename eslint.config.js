import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Every string a request carries goes through domain/src/text.ts (no null characters, no unpaired
// surrogates, a length limit): PostgreSQL refuses the first two with a 500. Response schemas use its
// responseText(), which says they are never parsed as input.
const textSchemaSelectors = [
  {
    selector: "MemberExpression[object.name='z'][property.name='string']",
    message: 'Use text({ label, max }) from domain/src/text.ts (or responseText() in a response schema).',
  },
  {
    selector:
      "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
    message: 'Use text({ label, max }) from domain/src/text.ts.',
  },
  {
    // The URL parser percent-encodes a null character or surrogate in a path, yet z.url() outputs
    // the input as given: only text() refuses them.
    selector:
      "CallExpression[callee.object.name='z'][callee.property.name='url']:not(CallExpression[callee.property.name='pipe'] > CallExpression.arguments)",
    message: 'Pipe text({ label, max }) into z.url(): text(...).pipe(z.url(...)).',
  },
];

// A function typed `db: Db` may be handed a transaction (Tx is assignable to Db), whose one connection
// takes one statement at a time: node-postgres queues a second statement sent while one is in flight
// (deprecated; pg 9 refuses it) and PGlite's transaction waits. readsTogether runs reads at once on
// the pool and in turn in a transaction; the other promise combinators would start them all at once.
const readsTogetherSelectors = ['all', 'allSettled', 'any', 'race'].map((method) => ({
  selector: `CallExpression[callee.object.name='Promise'][callee.property.name='${method}']`,
  message: `Database reads at once go through readsTogether (server/src/db/reads-together.ts): Promise.${method} on a handle that may be a transaction sends a second statement to its one busy connection. For work that is not reads on one handle, disable this line and say why.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Carbon's FilterableMultiSelect and ComboBox empty themselves on Escape; MultiSelect and ComboBox
    // (keep-selection-on-escape*.tsx) are the same fields without that. Carbon's invalid TextInput,
    // TextArea and PasswordInput do not describe themselves by their error; text-fields.tsx's do.
    // Carbon's DatePicker drops a date typed without Enter; date-field.tsx's DateField takes it.
    // React Router's useSearchParams writes over a change not yet rendered; useLiveSearchParams does not.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/components/keep-selection-on-escape*.tsx',
      'web/src/components/text-fields.tsx',
      'web/src/components/date-field.tsx',
      'web/src/lib/use-live-search-params.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@carbon/react',
              importNames: ['FilterableMultiSelect', 'ComboBox'],
              message:
                'Use MultiSelect (keep-selection-on-escape-multi-select.tsx) or ComboBox (keep-selection-on-escape.tsx) from web/src/components.',
            },
            {
              name: '@carbon/react',
              importNames: ['TextInput', 'TextArea', 'PasswordInput'],
              message: 'Use TextInput, TextArea and PasswordInput from web/src/components/text-fields.tsx.',
            },
            {
              name: '@carbon/react',
              importNames: ['DatePicker', 'DatePickerInput'],
              message: 'Use DateField from web/src/components/date-field.tsx.',
            },
            // React Router's setter builds on the URL of the render that made it: a second write before
            // the next render undoes the first.
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message: 'Use useLiveSearchParams (web/src/lib/use-live-search-params.ts).',
            },
            // libphonenumber's full metadata (phone line types) is over 100 KB: the server enriches, the
            // web shows what the API answers.
            {
              name: '@scamtrail/domain/identifiers/enrichment',
              message:
                'Server only (full phone metadata); use @scamtrail/domain/identifiers/code-enrichment.',
            },
            { name: 'libphonenumber-js/max', message: 'Server only: the full metadata is over 100 KB.' },
            {
              name: '@scamtrail/domain/identifiers/extract',
              message:
                'Server only (full phone metadata): POST /api/identifiers/extract, web/src/components/found-identifiers/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dates are written for people in one way, web/src/lib/format.ts's ("Nov 20, 2026, 11:11 AM"); the
    // browser's locale wrote "11/20/2026" or "20.11.2026" in a few messages beside it.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/format.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Use formatDate, formatDateTime or formatTime (web/src/lib/format.ts).',
        })),
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Dates are formatted in web/src/lib/format.ts.',
        },
      ],
    },
  },
  ...(await import('./eslint/web-features.js')).default,
  ...(await import('./eslint/server-layers.js')).default,
  ...(await import('./eslint/web-test-isolation.js')).default,
  {
    // A worker's tests share one browser context (reuseContext in e2e/playwright.config.ts), which
    // Playwright resets between tests, all but these: a test that needs one opens a context of its own.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['grantPermissions', 'setOffline', 'setGeolocation', 'setExtraHTTPHeaders'].map((property) => ({
          property,
          message:
            'Not reset between the tests that share a context: call it on a context of its own (browser.newContext()).',
        })),
      ],
    },
  },
  {
    // Chromium keeps a virtual authenticator past the CDP session that added it: tests take the
    // `virtualAuthenticator` fixture of e2e/support/fixtures.ts, which removes it when the test ends.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value='WebAuthn.addVirtualAuthenticator']",
          message:
            'Use the virtualAuthenticator fixture (e2e/support/fixtures.ts): it removes the authenticator.',
        },
      ],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['domain/src/**/*.ts', 'server/src/**/*.ts'],
    ignores: [
      // The text schema itself.
      'domain/src/text.ts',
      // Environment variables, parsed once at start; they never come from a request.
      'server/src/config.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...textSchemaSelectors] },
  },
  // A later block's no-restricted-syntax replaces an earlier one's for the files both match: the
  // server's files other than tests carry both sets, config.ts (no text schema) the second alone.
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.test.ts',
      'server/src/**/*-test-fixtures.ts',
      'server/src/db/reads-together.ts',
      'server/src/config.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...textSchemaSelectors, ...readsTogetherSelectors] },
  },
  {
    files: ['server/src/config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...readsTogetherSelectors] },
  },
);
