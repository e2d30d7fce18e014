import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { fillPath, sampleBody, type Operation } from './openapi-operations';
import type { IdKind, LeakSeed } from './leak-scan-seed';

/**
 * The requests the leak scan makes of one operation, and what it looks for in their answers. Ids come
 * from the seed by the kind of record a parameter names: the path segment before it (`/api/cases/{id}`)
 * or its own name (`{caseId}`, `?tagId=`). A parameter of a kind not listed here cannot be filled, and
 * the scan says so: a new route names its ids here before it is scanned.
 */

const KIND_BY_SEGMENT: Record<string, IdKind> = {
  cases: 'case',
  case: 'case',
  'journal-entries': 'entry',
  evidence: 'evidence',
  tasks: 'task',
  identifiers: 'identifier',
  tags: 'tag',
  groups: 'group',
  users: 'user',
  'team-members': 'user',
  originators: 'originator',
  'community-members': 'communityMember',
  automations: 'automation',
  'api-keys': 'apiKey',
  'export-streams': 'exportStream',
};

const KIND_BY_NAME: Record<string, IdKind> = {
  caseId: 'case',
  linkedCaseId: 'case',
  duplicateOfId: 'case',
  entryId: 'entry',
  journalEntryId: 'entry',
  evidenceId: 'evidence',
  taskId: 'task',
  identifierId: 'identifier',
  ids: 'identifier',
  tagId: 'tag',
  tag: 'tag',
  groupId: 'group',
  userId: 'user',
  assigneeId: 'user',
  reportedBy: 'originator',
  keyId: 'apiKey',
  deliveryId: 'webhookDelivery',
};

/** Query parameters that take text to look for: the scan asks them for the marker. */
const TEXT_QUERIES = new Set(['search', 'value', 'q']);

/** The kind of record a path parameter names, or undefined when the scan cannot tell. */
export function pathParamKind(op: Operation, name: string): IdKind | undefined {
  if (name !== 'id') return KIND_BY_NAME[name];
  const segments = op.path.split('/');
  const before = segments[segments.indexOf(`{${name}}`) - 1];
  return KIND_BY_SEGMENT[before];
}

function isIdQuery(query: Operation['query'][number]): boolean {
  const schema = query.schema.items ?? query.schema;
  return schema.format === 'uuid' || query.name in KIND_BY_NAME || /Id$/.test(query.name);
}

/** Why the operation's ids cannot be filled from the seed; empty when they can. */
export function unfillable(op: Operation, seed: LeakSeed): string[] {
  const problems: string[] = [];
  for (const name of op.pathParams) {
    const kind = pathParamKind(op, name);
    if (!kind) problems.push(`${op.key}: no kind of record for path parameter {${name}}`);
    else if (!seed.visible[kind]?.length)
      problems.push(`${op.key}: the seed has no visible ${kind} for {${name}}`);
  }
  for (const query of op.query.filter(isIdQuery)) {
    const kind = KIND_BY_NAME[query.name];
    if (!kind) problems.push(`${op.key}: no kind of record for query parameter ${query.name}`);
  }
  return problems;
}

export interface ScanRequest {
  label: string;
  options: InjectOptions;
  /** The request names a hidden record in its path: it must be refused. */
  namesHiddenInPath: boolean;
  /** Every answer count must be 0: the request asks only for what is hidden. */
  asksOnlyForHidden: boolean;
  /** Hidden ids the request itself carries (an error may echo them). */
  carried: string[];
}

const idsOf = (seed: LeakSeed, kind: IdKind) => ({
  visible: seed.visible[kind] ?? [],
  hidden: seed.hidden[kind] ?? [],
});

/**
 * One request per id a path parameter can take (the others get their first visible id), and on the
 * first visible path: no query, the marker in each text query, and each id of the kind an id query takes.
 */
export function scanRequests(op: Operation, seed: LeakSeed): ScanRequest[] {
  const first = (name: string) => seed.visible[pathParamKind(op, name)!][0];
  const method = op.method as InjectOptions['method'];
  const body = op.method === 'GET' ? {} : { payload: (sampleBody(op) ?? {}) as InjectOptions['payload'] };
  const allHidden = Object.values(seed.hidden).flat();
  const requests: ScanRequest[] = [];
  const add = (url: string, query: Record<string, string>, label: string, hiddenPath: boolean) => {
    const carried = allHidden.filter((id) => url.includes(id) || Object.values(query).includes(id));
    const values = Object.values(query);
    const onlyHidden =
      values.length > 0 &&
      values.every((v) => v === seed.marker || allHidden.includes(v) || v === seed.hiddenOnlyTagId);
    requests.push({
      label,
      options: { method, url, query, ...body },
      namesHiddenInPath: hiddenPath,
      asksOnlyForHidden: onlyHidden,
      carried,
    });
  };

  const base = fillPath(op, first);
  add(base, {}, base, false);
  for (const name of op.pathParams) {
    const { visible, hidden } = idsOf(seed, pathParamKind(op, name)!);
    for (const id of visible.slice(1)) {
      add(
        fillPath(op, (n) => (n === name ? id : first(n))),
        {},
        `{${name}} visible ${id}`,
        false,
      );
    }
    for (const id of hidden) {
      add(
        fillPath(op, (n) => (n === name ? id : first(n))),
        {},
        `{${name}} hidden ${id}`,
        true,
      );
    }
  }
  for (const query of op.query) {
    if (query.name === 'format') continue;
    if (TEXT_QUERIES.has(query.name))
      add(base, { [query.name]: seed.marker }, `?${query.name}=marker`, false);
    else if (isIdQuery(query)) {
      const { visible, hidden } = idsOf(seed, KIND_BY_NAME[query.name]);
      for (const id of [...visible, ...hidden])
        add(base, { [query.name]: id }, `?${query.name}=${id}`, false);
    }
  }
  // A list's CSV download reads the list its own way (`csvExportPlugin`, by keyset): each request again.
  if (!op.query.some((query) => query.name === 'format')) return requests;
  return requests.flatMap((request) => [
    request,
    {
      ...request,
      label: `${request.label} as CSV`,
      options: { ...request.options, query: { ...(request.options.query as object), format: 'csv' } },
    },
  ]);
}

/** Numbers an answer counts things with: `total`, `totalItems`, `count`, `*Count`, a tag's `usage`. */
export function countsIn(value: unknown, path = ''): { path: string; n: number }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => countsIn(v, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = path ? `${path}.${key}` : key;
    if (typeof v === 'number' && (/^(total|totalItems|count)$|Count$/.test(key) || path.endsWith('usage'))) {
      return [{ path: at, n: v }];
    }
    return countsIn(v, at);
  });
}

/** What a reader must not find in an answer: the marker, hidden ids it did not ask for, e-mails. */
export function leaksIn(
  res: LightMyRequestResponse,
  request: ScanRequest,
  seed: LeakSeed,
  forbiddenStrings: string[],
): string[] {
  const text = `${String(res.headers['content-disposition'] ?? '')}\n${res.body}`.toLowerCase();
  const found: string[] = [];
  if (text.includes(seed.marker)) found.push('the marker');
  for (const id of Object.values(seed.hidden).flat()) {
    if (!request.carried.includes(id) && text.includes(id)) found.push(`hidden id ${id}`);
  }
  for (const s of forbiddenStrings) if (text.includes(s.toLowerCase())) found.push(s);
  return found;
}
