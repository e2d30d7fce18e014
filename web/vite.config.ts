import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/**
 * A compressed copy is sent with two more headers (`Content-Encoding` and `Vary`, about 45 bytes): it is
 * written only when it saves more than that. A size threshold (1 KB, as before) left the many small
 * chunks of a cold load uncompressed, though most of them shrink by half.
 */
const MIN_SAVING_BYTES = 64;

/** Every file under `dir`, skipping dot-directories such as `.vite` (the manifest is not served). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside `file`, each only when worth its headers. */
async function precompressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length + MIN_SAVING_BYTES <= data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length + MIN_SAVING_BYTES <= data.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Compresses the build's text files once, at the highest levels, so the server sends them as they are
 * (@fastify/static's `preCompressed`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'scamtrail:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error) return;
      const files = await listFiles(outDir);
      await Promise.all(files.filter((file) => COMPRESSIBLE.test(file)).map(precompressFile));
    },
  };
}

/**
 * The stylesheets, Carbon's (styles/index.scss, which main.tsx imports before any other, and the sheets
 * of the components only some screens show, styles/carbon/) and each component's, in two files, each in
 * the order the modules run (a module's imports before it; the entry's before any screen's): what the
 * shell and the lists need, linked from index.html, and the rest, which Vite loads before the first
 * screen or dialog that imports one of them runs (stylesheetOrFrameworkChunk). Stylesheets must stay out
 * of the other groups: the first grouping (reverted in 1de765c) merged the shared modules' stylesheets
 * into the shared chunk, which the entry imports, and index.html linked it before the entry's own;
 * Carbon's rules then came after the app's overrides of them (the identifier list's toolbar over its
 * table header, a button's contrast too low). The same holds between the two files: an override of a
 * component whose sheet is in the later file belongs in a sheet imported after it, by the module that
 * shows the component (the import dialog's tab panels: import-identifiers-modal.scss). Every element's
 * computed style on 34 screens and dialogs at 1280 and 390 px was the same as with one file
 * (docs/benchmarks.md, "Bundle size").
 */
const STYLESHEET = /\.(?:s[ac]ss|css)(?:\?|$)/;
/** A Carbon component's own sheet (styles/carbon/): only screens and dialogs past a first visit import one. */
const COMPONENT_SHEET = /[\\/]src[\\/]styles[\\/]carbon[\\/]/;
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
const NODE_MODULES = /node_modules[\\/]/;
const APP_SOURCES = /[\\/](?:web|domain)[\\/]src[\\/]/;

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * What a first visit runs before its first row: the entry and the app around every screen (`shell`),
 * and the screens a first visit most often opens, whose data route-prefetch.ts asks for beside their
 * code. The modules these reach are grouped by which of them reach them (see firstVisitChunk).
 */
const FIRST_VISIT: Record<string, string[]> = {
  shell: [source('./src/main.tsx'), source('./src/bootstrap.tsx')],
  identifiers: [source('./src/features/identifiers/routes/identifiers-route.tsx')],
  cases: [source('./src/features/cases/routes/cases-route.tsx')],
  case: [source('./src/app/screens/case-detail-screen.tsx')],
};

/** The route (lib/paths.ts) each of FIRST_VISIT's screens shows: index.html preloads its chunks. */
const FIRST_VISIT_ROUTES: Record<string, string> = {
  identifiers: 'identifiers',
  cases: 'cases',
  'case-detail': 'case',
};

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; exports?: readonly string[] } | null;
}

const readSource = (id: string): string | null => {
  try {
    return readFileSync(id.replace(/\?.*$/, ''), 'utf8');
  } catch {
    return null;
  }
};

/** `a as b, type c, d` -> [[a, b], [d, d]]: type-only names are gone from the bundle. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec && !spec.startsWith('type '))
    .map((spec) => {
      const [name, alias] = spec.split(/\s+as\s+/);
      return [name, alias ?? name];
    });
}

/** A re-exporting library module: where each name it exports comes from (file, name there; '*': all). */
interface Barrel {
  names: Map<string, [string, string]>;
  /** `export * from` files. */
  stars: string[];
  /** Imported for their side effects (`import "./feature-flags.js"`). */
  bare: string[];
}

const barrels = new Map<string, Barrel | null>();

/**
 * The library module `id` as a barrel: a file of imports and re-exports only, each from a relative
 * path (Carbon's `@carbon/react` and `@carbon/icons-react`, zod's `zod/v4/core`); null for any other.
 */
function barrelOf(id: string): Barrel | null {
  const known = barrels.get(id);
  if (known !== undefined) return known;
  let barrel: Barrel | null = null;
  const code = NODE_MODULES.test(id) ? readSource(id) : null;
  const statements = (code ?? '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/^\s*["']use client["'];?/m, '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
  if (statements.length && statements.every((s) => /^(?:import\b|export\s*[{*])/.test(s))) {
    const file = (spec: string) => (spec.startsWith('.') ? resolve(dirname(id), spec) : '');
    const locals = new Map<string, [string, string]>();
    barrel = { names: new Map(), stars: [], bare: [] };
    for (const s of statements) {
      let m: RegExpMatchArray | null;
      if ((m = s.match(/^import\s+([\s\S]+?)\s+from\s+["'](.+)["']$/))) {
        const named = m[1].match(/\{([\s\S]*)\}/);
        const other = m[1]
          .replace(/\{[\s\S]*\}/, '')
          .replace(/,/g, ' ')
          .trim();
        if (other.startsWith('*')) locals.set(other.replace(/^\*\s+as\s+/, ''), [file(m[2]), '*']);
        else if (other) locals.set(other, [file(m[2]), 'default']);
        for (const [name, alias] of specifiers(named?.[1] ?? '')) locals.set(alias, [file(m[2]), name]);
      } else if ((m = s.match(/^import\s+["'](.+)["']$/))) barrel.bare.push(file(m[1]));
      else if ((m = s.match(/^export\s*\*\s*from\s+["'](.+)["']$/))) barrel.stars.push(file(m[1]));
      else if ((m = s.match(/^export\s*\*\s*as\s+(\S+)\s+from\s+["'](.+)["']$/)))
        barrel.names.set(m[1], [file(m[2]), '*']);
      else if ((m = s.match(/^export\s*\{([\s\S]*)\}\s*from\s+["'](.+)["']$/)))
        for (const [name, alias] of specifiers(m[1])) barrel.names.set(alias, [file(m[2]), name]);
      else if ((m = s.match(/^export\s*\{([\s\S]*)\}$/)))
        for (const [name, alias] of specifiers(m[1])) {
          const local = locals.get(name);
          if (local) barrel.names.set(alias, local);
        }
    }
    const files = [...barrel.names.values(), ...locals.values()].map(([f]) => f);
    if ([...files, ...barrel.stars, ...barrel.bare].includes('')) barrel = null;
  }
  barrels.set(id, barrel);
  return barrel;
}

/** Adds to `out` the modules behind `names` of the barrel `id` (all of them when `names` is null). */
function throughBarrel(id: string, names: string[] | null, graph: ModuleGraph, out: Set<string>) {
  const barrel = barrelOf(id);
  if (!barrel || !names) {
    for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) out.add(dep);
    return;
  }
  const moduleAt = (file: string) =>
    [file, `${file}.js`, `${file}.mjs`, `${file}/index.js`].find((f) => graph.getModuleInfo(f));
  const take = (file: string, name: string) => {
    const target = moduleAt(file);
    if (!target) return;
    if (name !== '*' && barrelOf(target)) throughBarrel(target, [name], graph, out);
    else out.add(target);
  };
  for (const file of barrel.bare) take(file, '*');
  for (const name of names) {
    const direct = barrel.names.get(name);
    if (direct) take(...direct);
    else
      for (const file of barrel.stars) {
        const target = moduleAt(file);
        if (target && graph.getModuleInfo(target)?.exports?.includes(name)) take(file, name);
      }
  }
}

/** What `code` imports or re-exports from the module `matches` accepts; null: everything or unknown. */
function namesImported(code: string, matches: (spec: string) => boolean): string[] | null {
  const names = new Set<string>();
  let found = false;
  for (const m of code.matchAll(/(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    if (m[1] || !matches(m[3])) continue;
    found = true;
    const named = m[2].match(/\{([\s\S]*)\}/);
    if (!named || m[2].includes('*')) return null;
    if (m[2].replace(/\{[\s\S]*\}/, '').replace(/[,\s]/g, '')) names.add('default');
    for (const [name] of specifiers(named[1])) names.add(name);
  }
  return found ? [...names] : null;
}

/** The modules `id` imports statically, a library's barrel only for the names `id` takes from it. */
function staticImports(id: string, graph: ModuleGraph): Set<string> {
  const out = new Set<string>();
  let code: string | undefined;
  for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) {
    if (!barrelOf(dep)) {
      out.add(dep);
      continue;
    }
    code ??= readSource(id) ?? '';
    const inPackage = dep.replace(/\\/g, '/').split('/node_modules/').pop() ?? '';
    const matches = (spec: string) =>
      spec.startsWith('.')
        ? [dep, dep.replace(/\.[cm]?js$/, ''), dep.replace(/[\\/]index\.[cm]?js$/, '')].includes(
            resolve(dirname(id), spec),
          )
        : inPackage.startsWith(`${spec}/`);
    throughBarrel(dep, namesImported(code, matches), graph, out);
  }
  return out;
}

let firstVisit: Map<string, Set<string>> | undefined;

/**
 * The chunk of a module a first visit runs: `visit` for what the shell needs, `visit-<screens>` for
 * what only those of FIRST_VISIT's screens need (`visit-case-cases-identifiers`: the table, its
 * pagination and toolbar); other modules are left to the groups after it. The walk follows static
 * imports from FIRST_VISIT's modules, through a library's barrel only towards the names imported from
 * it: everything Carbon exports is one import away from `@carbon/react`, so a module that imports a
 * Button would otherwise seem to need the date picker, the file uploader and their libraries.
 */
function firstVisitChunk(id: string, graph: ModuleGraph): string | null {
  const labels = firstVisitLabels(id, graph);
  if (!labels) return null;
  if (labels.has('shell')) return 'visit';
  return labels.size > 1 ? 'visit-screens' : `visit-${[...labels][0]}`;
}

/** Which of FIRST_VISIT's roots reach `id` by static imports (computed once per build). */
function firstVisitLabels(id: string, graph: ModuleGraph): Set<string> | undefined {
  if (!firstVisit) {
    firstVisit = new Map();
    for (const [label, roots] of Object.entries(FIRST_VISIT)) {
      const queue = [...roots];
      const seen = new Set<string>();
      while (queue.length) {
        const next = queue.pop()!;
        if (seen.has(next) || !graph.getModuleInfo(next)) continue;
        seen.add(next);
        let labels = firstVisit.get(next);
        if (!labels) firstVisit.set(next, (labels = new Set()));
        labels.add(label);
        queue.push(...staticImports(next, graph));
      }
    }
  }
  return firstVisit.get(id);
}

/**
 * The framework's modules, and the stylesheets a first visit of a list needs (those the shell, the
 * identifier list or the case list import, whatever chunk their importers land in), go to `framework`;
 * every other stylesheet to `styles`, which Vite loads before the first screen or dialog that needs it
 * runs (the chunks whose modules import those stylesheets import `styles`, and a dynamic import
 * waits for its chunks' CSS). See dedupeLaterStyles for what keeps the later file from undoing the
 * first file's rules.
 */
function stylesheetOrFrameworkChunk(id: string, graph: ModuleGraph): string | null {
  if (FRAMEWORK.test(id)) return 'framework';
  if (!STYLESHEET.test(id)) return null;
  const labels = firstVisitLabels(id, graph);
  const onFirstList = labels && ['shell', 'identifiers', 'cases'].some((label) => labels.has(label));
  if (onFirstList && COMPONENT_SHEET.test(id)) {
    // In the first file, the rules such a sheet writes again (the form's, buttons') would come after
    // the app's overrides of them there, and dedupeLaterStyles only cleans the later file.
    throw new Error(
      `${id}: the shell or a list now shows this component; move its @use into styles/index.scss ` +
        '(and its entry out of web/src/test/carbon-stylesheets.test.ts)',
    );
  }
  return onFirstList ? 'framework' : 'styles';
}

/** A rule's or leaf at-rule's text with the at-rules around it: equal keys are the same rule in place. */
function ruleKey(node: postcss.Rule | postcss.AtRule): string {
  let key =
    node.type === 'rule'
      ? `${node.selector}{${node.nodes.map(String).join(';')}}`
      : `@${node.name} ${node.params}{${(node.nodes ?? []).map(String).join(';')}}`;
  for (let parent = node.parent; parent?.type === 'atrule'; parent = parent.parent)
    key = `@${(parent as postcss.AtRule).name} ${(parent as postcss.AtRule).params}>${key}`;
  return key;
}

/** At-rules kept or dropped whole (their inner rules are not rules of the page). */
const WHOLE_AT_RULES = new Set(['font-face', 'keyframes', 'property', 'position-try', 'counter-style']);

/** Calls `visit` with every rule and every whole at-rule of `root`. */
function eachRule(root: postcss.Root, visit: (node: postcss.Rule | postcss.AtRule) => void) {
  root.walk((node) => {
    if (node.type === 'atrule' && WHOLE_AT_RULES.has(node.name)) visit(node);
    else if (
      node.type === 'rule' &&
      !(node.parent?.type === 'atrule' && WHOLE_AT_RULES.has((node.parent as postcss.AtRule).name))
    )
      visit(node);
  });
}

/**
 * Drops from the later stylesheet (`styles`, see stylesheetOrFrameworkChunk) every rule the first
 * (`framework`) already has, in the same at-rules. A Carbon component's sheet compiled on its own
 * writes again the modules it is built from (the date picker the form's rules, the modal the buttons',
 * the tabs the tooltips'); loaded after the first file, those copies would undo the app's overrides of
 * them there. What is left is the component's own rules, which no rule of the first file is about.
 */
function dedupeLaterStyles(): Plugin {
  return {
    name: 'scamtrail:dedupe-later-styles',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const cssOf = (name: string) => {
        const chunk = Object.values(bundle).find(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.name === name,
        );
        const [fileName, ...more] = chunk?.viteMetadata?.importedCss ?? [];
        const asset = fileName ? bundle[fileName] : undefined;
        if (more.length || asset?.type !== 'asset')
          throw new Error(`later styles: no single stylesheet for ${name}`);
        return asset;
      };
      const first = cssOf('framework');
      const later = Object.values(bundle).some((file) => file.type === 'chunk' && file.name === 'styles')
        ? cssOf('styles')
        : null;
      if (!later) return;
      const known = new Set<string>();
      eachRule(postcss.parse(String(first.source)), (node) => known.add(ruleKey(node)));
      const root = postcss.parse(String(later.source));
      eachRule(root, (node) => {
        if (known.has(ruleKey(node))) node.remove();
      });
      // At-rules (media queries, supports) whose rules were all dropped.
      let emptied = true;
      while (emptied) {
        emptied = false;
        root.walkAtRules((node) => {
          if (node.nodes && node.nodes.length === 0) {
            node.remove();
            emptied = true;
          }
        });
      }
      later.source = root.toString();
    },
  };
}

/**
 * `@carbon/react`'s index is marked as having side effects (it imports its feature flags, which stay
 * marked themselves): rolldown then counted everything it re-exports as needed by every module that
 * imports a Button from it, and the date picker, the file uploader and their libraries came with the
 * first screen.
 */
function carbonIndexWithoutSideEffects(): Plugin {
  return {
    name: 'scamtrail:carbon-index',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (id !== '@carbon/react') return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}

/** `chunk`'s file and those it imports statically, transitively, as URL paths. */
function staticChain(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk): string[] {
  const files = new Set<string>();
  const queue = [chunk.fileName];
  while (queue.length) {
    const file = queue.pop()!;
    const next = bundle[file];
    if (files.has(file) || next?.type !== 'chunk') continue;
    files.add(file);
    queue.push(...next.imports);
  }
  return [...files].map((file) => `/${file}`);
}

/**
 * The scripts a first visit runs, as the inline script asks for them once the page's data is asked
 * for: the entry and its static chain, `bootstrap` (the app, which main.tsx loads with a dynamic
 * import), and on a route of FIRST_VISIT_ROUTES the chunks of its screen (app/route-preload.ts loads
 * them once the entry runs); per route, with '' for any other. Largest first: over HTTP/1.1's six
 * connections they queue, and the largest, asked for last, was the last script in.
 */
function firstVisitChunks(bundle: Rolldown.OutputBundle, entry: Rolldown.OutputChunk) {
  const chunkOf = (module: string) =>
    Object.values(bundle).find(
      (file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.facadeModuleId === module,
    );
  const chain = (module: string) => {
    const chunk = chunkOf(module);
    if (!chunk) throw new Error(`first visit: no chunk for ${module}`);
    return staticChain(bundle, chunk);
  };
  const size = (file: string) => {
    const out = bundle[file.slice(1)];
    return out?.type === 'chunk' ? out.code.length : 0;
  };
  const bySize = (files: string[]) => [...new Set(files)].sort((a, b) => size(b) - size(a));
  const entryChain = bySize(staticChain(bundle, entry));
  const app = chain(source('./src/bootstrap.tsx'));
  const after = (files: string[]) => [...new Set([...entryChain, ...bySize(files)])];
  return {
    '': after(app),
    ...Object.fromEntries(
      Object.entries(FIRST_VISIT_ROUTES).map(([route, label]) => [
        route,
        after([...app, ...FIRST_VISIT[label].flatMap(chain)]),
      ]),
    ),
  };
}

/** The entry module's tag and its preloads as Vite writes them into index.html. */
const ENTRY_SCRIPT = /\n\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\n\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** What the inline script adds to the document (first-requests-inline.ts's `__FIRST_VISIT_CODE__`). */
interface FirstVisitCode {
  entry: string;
  chunks: Record<string, string[]>;
}

/**
 * Runs src/first-requests-inline.ts as a classic script inside index.html, before anything else the
 * page fetches but its stylesheet: the page's session and data requests leave as soon as the document
 * is parsed, on the first free connections, instead of once the modules have arrived and run (issue
 * 38; app/first-requests.ts). The document names no script of its own: Chromium's preload scanner
 * asks for every script a document names before any inline script runs, and over HTTP/1.1's six
 * connections the page's data then waited for the small scripts to free one. Once its requests are
 * out, the inline script preloads what the route's first visit runs (firstVisitChunks: the entry, its
 * imports, the app and the route's screen), so that no script waits for another to run before it is
 * asked for, and adds the entry module. Bundled on its own, as one function with no imports; the server allows it by its hash
 * (server/src/plugins/security.ts reads the built index.html). Build only: in development the app asks
 * for everything itself.
 */
function inlineFirstRequests(): Plugin {
  return {
    name: 'scamtrail:inline-first-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) throw new Error('first requests: no bundle');
        const entry = html.match(ENTRY_SCRIPT)?.[1];
        if (!entry) throw new Error('first requests: index.html names no entry module');
        const code: FirstVisitCode = { entry, chunks: firstVisitChunks(bundle, chunk) };
        const result = (await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          define: { __FIRST_VISIT_CODE__: JSON.stringify(code) },
          build: {
            write: false,
            minify: true,
            modulePreload: false,
            copyPublicDir: false,
            rolldownOptions: {
              input: source('./src/first-requests-inline.ts'),
              output: { format: 'iife' },
            },
          },
        })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
        const chunks = [result]
          .flat()
          .flatMap((out) => out.output)
          .filter((file) => file.type === 'chunk');
        if (chunks.length !== 1) throw new Error(`first requests: ${chunks.length} chunks, expected one`);
        const script = chunks[0].code.trim();
        if (/<\/script|<!--/i.test(script)) throw new Error('first requests: the code would end its script');
        return (
          html
            .replace(ENTRY_SCRIPT, '')
            .replace(MODULE_PRELOAD, '')
            // After the title (the charset stays in the first bytes), before the stylesheet: an inline
            // script after a stylesheet waits for it.
            .replace('</title>', () => `</title>\n    <script>${script}</script>`)
        );
      },
    },
  };
}

// The API runs on port 3000 in development; the production server serves both from one origin.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  plugins: [
    carbonIndexWithoutSideEffects(),
    react(),
    dedupeLaterStyles(),
    inlineFirstRequests(),
    precompress(),
  ],
  build: {
    // Fonts and images stay separate files: the CSP (`default-src 'self'`) and caching both prefer it.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunk holds which source module, for looking into a build.
    // bench/bundle-size.ts counts what Chromium fetches, not the manifest.
    manifest: true,
    rolldownOptions: {
      output: {
        // Modules grouped into one chunk still run in the order their importers ask for them
        // (main.tsx sets zod's configuration before any module that builds a schema runs).
        strictExecutionOrder: true,
        codeSplitting: {
          // Rolldown's own chunks made a first visit fetch 105 to 152 files before its first row,
          // queued six at a time over HTTP/1.1 (issue 38). The framework every screen runs on is one
          // chunk; what a first visit of the shell and the list screens needs is grouped by which of
          // them need it (firstVisitChunk); the libraries and the application's modules two or more
          // other chunks share (dialogs, other screens) are one chunk each; the stylesheets are two
          // files (see STYLESHEET). bench/bundle-size.ts counts what Chromium then fetches before each
          // list's first row.
          groups: [
            // The framework every screen runs on, and the first stylesheet's module stubs beside it: one
            // file fewer on a first visit; the later stylesheet's stubs in `styles`. Captured first: no
            // stylesheet lands in the groups below.
            { name: stylesheetOrFrameworkChunk, priority: 3 },
            {
              name: firstVisitChunk,
              debugName: 'visit',
              minShareCount: 2,
              priority: 2,
              // A module's imports are placed by who needs them, not with their importer.
              includeDependenciesRecursively: false,
            },
            { name: 'vendor', test: NODE_MODULES, minShareCount: 2, priority: 1 },
            { name: 'shared', test: APP_SOURCES, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Carbon's own sources trigger Sass deprecation notices we cannot fix.
        quietDeps: true,
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
