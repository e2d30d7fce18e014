/**
 * jsdom's getComputedStyle (called by Testing Library for every role query's visibility and accessible
 * name, by user-event before each click, and by Carbon's Popover after every render) matches every rule
 * of its built-in user-agent stylesheet against the element and each of its ancestors, anew after any
 * change to the document: a third of a dialog test's CPU went to it. Most of those rules name element
 * types (`address, blockquote, center, ...`), and a rule whose every selector ends in a type selector
 * cannot match an element of another name.
 *
 * This answers "no match" for exactly those, from the element's name, before jsdom's selector engine
 * is asked; every other rule, and every element of a named type, is matched by the engine as before,
 * so getComputedStyle returns what it did. Only the style cascade calls the engine's `check` (jsdom's
 * `matches`, `closest` and `querySelector*` use other methods).
 */

/** The element types a selector list can match, or null when one of its selectors may match any. */
function subjectTypes(selectorList: string): Set<string> | null {
  const types = new Set<string>();
  for (const selector of splitTopLevel(selectorList, ',')) {
    const subject = lastCompound(selector.trim());
    // A plain ASCII name, then the end or another simple selector; anything else (`*`, a namespace,
    // an escape) is left to the engine.
    const type = /^([a-z][a-z0-9-]*)(?=$|[.#:[])/i.exec(subject)?.[1];
    if (!type || /[|\\]/.test(subject)) return null;
    types.add(type.toLowerCase());
  }
  return types.size > 0 ? types : null;
}

/**
 * The indexes of a selector's characters that are outside brackets, parentheses and quotes, for which
 * `isBoundary` holds.
 */
function topLevelBoundaries(text: string, isBoundary: (c: string) => boolean): number[] {
  const found: number[] = [];
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && isBoundary(c)) found.push(i);
  }
  return found;
}

/** The selectors of a list. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (const i of topLevelBoundaries(text, (c) => c === separator)) {
    parts.push(text.slice(start, i));
    start = i + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/** The last compound selector of a complex one: what the element itself must match. */
function lastCompound(selector: string): string {
  const combinators = topLevelBoundaries(selector, (c) => /[\s>+~]/.test(c));
  return selector.slice((combinators.at(-1) ?? -1) + 1);
}

const INSTALLED = Symbol('style-rule prefilter');

interface ElementLike {
  nodeType?: number;
  localName?: string;
}
type Check = (selector: string, node: ElementLike, options?: unknown) => unknown;

/** Installs the prefilter on the selector engine of the test window's document. */
export function prefilterStyleRules(document: Document): void {
  const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const impl =
    implSymbol && (document as unknown as Record<symbol, { _domSelector?: { check: Check } }>)[implSymbol];
  const engine = impl?._domSelector as ({ check: Check } & { [INSTALLED]?: true }) | undefined;
  if (!engine || typeof engine.check !== 'function') {
    throw new Error('jsdom changed: style-rule-prefilter.ts no longer finds the selector engine');
  }
  // The web project runs a worker's files in one window: once per document.
  if (engine[INSTALLED]) return;
  engine[INSTALLED] = true;
  const check = engine.check;
  const types = new Map<string, Set<string> | null>();
  engine.check = (selector, node, options) => {
    if (node?.nodeType === 1 && typeof node.localName === 'string') {
      let names = types.get(selector);
      if (names === undefined) {
        names = subjectTypes(selector);
        types.set(selector, names);
      }
      if (names && !names.has(node.localName.toLowerCase())) {
        return { match: false, pseudoElement: null, ast: null };
      }
    }
    return check(selector, node, options);
  };
}
