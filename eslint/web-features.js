/**
 * The web app's import zones (bulletproof-react's rule): a feature (web/src/features/<name>/) imports
 * only itself, components/, lib/, app/ and test/; components/ and lib/ import no feature, and no app/
 * outside their tests. Features meet in app/ (app/screens/ puts a screen of several together) and in
 * components/. Every feature folder gets its zone, so a new one is covered as soon as it exists.
 *
 * Plain no-restricted-imports matches the import as written, so the patterns are per folder depth: from
 * features/<name>/<d folders>/, `../` d+1 times reaches features/. They use the TypeScript copy of the
 * rule: a second no-restricted-imports entry would replace eslint.config.js's Carbon rules, not add to them.
 */
import { readdirSync } from 'node:fs';

const SRC = 'web/src';
/** Deeper than any folder in web/src today. */
const MAX_DEPTH = 5;
const CODE = '*.{ts,tsx}';
const TESTS = ['**/*.test.{ts,tsx}'];

const features = readdirSync(new URL(`../${SRC}/features/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const up = (times) => `^(\\.\\./){${times}}`;

function zone(files, patterns, ignores = []) {
  return {
    files,
    ignores,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

/** From a file `depth` folders below features/<name>/: any other feature, however the path gets there. */
function featureZone(name, depth) {
  // Folder names are letters and hyphens: nothing in them needs escaping in a regular expression.
  const other = `(?!${name}(/|$))`;
  const message = `features/${name} imports no other feature: share it through components/ or lib/, or join the two in app/screens/.`;
  return zone(
    [`${SRC}/features/${name}/${'*/'.repeat(depth)}${CODE}`],
    [
      { regex: `${up(depth + 1)}(?!\\.\\.?/)${other}`, message },
      { regex: `${up(depth + 2)}features/${other}`, message },
    ],
  );
}

/** components/ and lib/: shared by features, so they import none; only their tests may use app/. */
function sharedZones(folder, depth) {
  const files = [`${SRC}/${folder}/${'*/'.repeat(depth)}${CODE}`];
  const noFeature = {
    regex: `${up(depth + 1)}features/`,
    message: `${folder}/ is shared by the features: it imports none of them.`,
  };
  const noApp = {
    regex: `${up(depth + 1)}app/`,
    message: `${folder}/ sits below app/: it imports nothing of it (its tests may use app/providers).`,
  };
  return [
    zone(files, [noFeature, noApp], TESTS),
    zone(
      files.map((f) => f.replace(CODE, '*.test.{ts,tsx}')),
      [noFeature],
    ),
  ];
}

const depths = [...Array(MAX_DEPTH + 1).keys()];

/**
 * Where a URL of the app is written: a link's `to` or `href` (as a JSX attribute or, for breadcrumbs and
 * link lists, an object property) and the argument of navigate() or spaNavigate().
 */
const URL_SITES = [
  'JSXAttribute[name.name=/^(to|href)$/]',
  'JSXAttribute[name.name=/^(to|href)$/] > JSXExpressionContainer',
  'Property[key.name=/^(to|href)$/]',
  'CallExpression[callee.name=/^(navigate|spaNavigate)$/]',
];
/** A string, a template or a `+` concatenation starting with '/': a path typed by hand. */
const HAND_TYPED = [
  'Literal[value=/^\\//]',
  'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\//]',
  "BinaryExpression[operator='+'] Literal.left[value=/^\\//]",
];

/**
 * An error toast written out where a call failed: the API client has already answered a 401 (sign-in)
 * and a 403 ("Access Denied") for every screen, and a screen's own toast beside it said it twice.
 */
const FAILURE_TOASTS = [
  "CallExpression[callee.name='showToast']",
  "CallExpression[callee.property.name='showToast']",
].map((call) => ({
  selector: `${call} > ObjectExpression > Property[key.name='kind'][value.value='error']`,
  message:
    'Report a failed call with useFailureToast (web/src/lib/use-failure-toast.ts): it leaves out what the API client already answered.',
}));

/**
 * A 401 or 403 told apart by its status outside the API client: to decide whether a failure was
 * reported already, which only the client knows (it answers a non-silent call's refusal with sign-in or
 * "Access Denied", and marks the error `answered`; a silent call's refusal it reports to nobody). As
 * `x.status === 403` (either side, any equality operator, `x?.status`, a bare `status`),
 * `[401, 403].includes(x.status)` and `case 403:` in a switch on a status.
 */
const REFUSAL_CODES = [401, 403];
const STATUS_OPERANDS = ["property.name='status'", "expression.property.name='status'", "name='status'"];
const REFUSAL_MESSAGE =
  'Decide "already reported" with isAnsweredByClient(error) or failureMessage (web/src/lib/api-error.ts): a silent call\'s 401 or 403 was reported to nobody. A status that means something else here (the session probe\'s 401) takes an eslint-disable comment saying why.';
const REFUSAL_STATUS_CHECKS = REFUSAL_CODES.flatMap((code) => [
  ...[
    ['left', 'right'],
    ['right', 'left'],
  ].flatMap(([status, literal]) =>
    STATUS_OPERANDS.map((operand) => ({
      selector: `BinaryExpression[operator=/^[!=]==?$/][${literal}.value=${code}][${status}.${operand}]`,
      message: REFUSAL_MESSAGE,
    })),
  ),
  {
    selector: `CallExpression[callee.property.name='includes'] > MemberExpression.callee > ArrayExpression.object > Literal[value=${code}]`,
    message: REFUSAL_MESSAGE,
  },
  {
    selector: `SwitchStatement[discriminant.property.name='status'] > SwitchCase > Literal.test[value=${code}]`,
    message: REFUSAL_MESSAGE,
  },
]);

/**
 * Screen URLs come from one table: a path typed by hand could name a screen that does not exist. With
 * them (one block, as a later block's no-restricted-syntax would replace this one's), failure toasts
 * and refusals told apart by their status.
 */
const screenUrls = {
  files: [`${SRC}/**/${CODE}`],
  ignores: [...TESTS, `${SRC}/test/**`],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...URL_SITES.flatMap((site) =>
        HAND_TYPED.map((path) => ({
          selector: `${site} > ${path}`,
          message:
            'Build a screen URL with paths from web/src/lib/paths.ts (an API URL from API_BASE_PATH), not by hand.',
        })),
      ),
      ...FAILURE_TOASTS,
      ...REFUSAL_STATUS_CHECKS,
    ],
  },
};

export default [
  ...features.flatMap((name) => depths.map((depth) => featureZone(name, depth))),
  ...['components', 'lib'].flatMap((folder) => depths.flatMap((depth) => sharedZones(folder, depth))),
  screenUrls,
];
