// The web test project shares one module graph per worker (`isolate: false` in vitest.config.ts), so a
// test that replaces a module (vi.mock) or must run code before its imports (vi.hoisted) would change
// what the next file in that worker imports. Such files run in the `web-isolated` project instead, and
// this list is the one place that says which they are: vitest.config.ts reads it, and the rule below
// refuses those calls in any other web test.

/** Web test files (relative to web/) that need modules of their own. */
export const WEB_ISOLATED_TESTS = [
  // Mocks the identifier API module.
  'src/features/identifiers/components/use-identifier-form.test.ts',
  // Sets the clock before flatpickr loads: flatpickr reads "now" once, at import.
  'src/features/automations/components/create-api-key-modal.test.tsx',
];

const MESSAGE =
  'This replaces modules for every later file of the worker (the web project runs with isolate: false). ' +
  'If the test truly needs it, add the file to WEB_ISOLATED_TESTS in eslint/web-test-isolation.js.';

export default [
  {
    files: ['web/src/**/*.test.{ts,tsx}'],
    ignores: WEB_ISOLATED_TESTS.map((file) => `web/${file}`),
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock', 'hoisted', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: MESSAGE,
        })),
      ],
    },
  },
];
