/**
 * A STIX 2.1 conformance check written from the specification's normative text (OASIS STIX 2.1
 * Errata 01), for what the TAXII collection serves: the property rules of §3.1 and §3.2 (common
 * properties, and which apply to SDOs and SROs and which to SCOs), identifiers (§2.9), timestamps
 * (§2.16; `created`/`modified` at least to the millisecond), versioning (§3.6), the Indicator (§4.7)
 * and its STIX pattern (§9, the subset of comparisons the feed writes), and custom properties
 * (§11.1). The OASIS JSON schemas and validator cannot be brought in here (docs/interchange.md,
 * "Validation"): this is the check the tests run on every object and every version the feed serves.
 * Pure functions: each answers the problems found, none when the object conforms.
 */

/** §4 and §5: the STIX Domain and Relationship Objects (versioned, `created`/`modified`/`revoked`). */
const SDO_SRO_TYPES = new Set([
  'attack-pattern',
  'campaign',
  'course-of-action',
  'grouping',
  'identity',
  'incident',
  'indicator',
  'infrastructure',
  'intrusion-set',
  'location',
  'malware',
  'malware-analysis',
  'note',
  'observed-data',
  'opinion',
  'report',
  'threat-actor',
  'tool',
  'vulnerability',
  'relationship',
  'sighting',
]);

/** §6: the STIX Cyber-observable Objects (not versioned). */
const SCO_TYPES = new Set([
  'artifact',
  'autonomous-system',
  'directory',
  'domain-name',
  'email-addr',
  'email-message',
  'file',
  'ipv4-addr',
  'ipv6-addr',
  'mac-addr',
  'mutex',
  'network-traffic',
  'process',
  'software',
  'url',
  'user-account',
  'windows-registry-key',
  'x509-certificate',
]);

/** §3.2: common properties an SCO does not have (the table's N/A column for SCOs). */
const NOT_ON_SCOS = [
  'created_by_ref',
  'created',
  'modified',
  'revoked',
  'labels',
  'confidence',
  'lang',
  'external_references',
];

/** §3.2 common properties an SDO may carry: those an SCO has too, and those it does not. */
const SDO_COMMON = [
  'type',
  'spec_version',
  'id',
  ...NOT_ON_SCOS,
  'object_marking_refs',
  'granular_markings',
  'extensions',
];
/** §4.7: the properties an Indicator may carry. */
const INDICATOR_PROPERTIES = new Set([
  ...SDO_COMMON,
  'name',
  'description',
  'indicator_types',
  'pattern',
  'pattern_type',
  'pattern_version',
  'valid_from',
  'valid_until',
  'kill_chain_phases',
]);

/** §10.10 indicator-type-ov. */
const INDICATOR_TYPES = new Set([
  'anomalous-activity',
  'anonymization',
  'benign',
  'compromised',
  'malicious-activity',
  'attribution',
  'unknown',
]);

/** §3.1: lowercase, begins with a letter, words joined by hyphens; 3-250 characters (§11.2). */
const TYPE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** §3.1: lowercase, begins with a letter, words joined by underscores. */
const PROPERTY_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** §11.1.1: custom property names: a-z, 0-9 and _, 3-250 characters, the `x_` prefix. */
const CUSTOM_PROPERTY = /^x_[a-z0-9_]{1,248}$/;
/** RFC 4122: the version nibble 1-5 and the variant bits 10. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** §2.16 in UTC ("Z"); `precise` also requires at least millisecond precision (§3.2 created, modified). */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?Z$/;

function timestampProblem(value: unknown, name: string, precise: boolean): string | undefined {
  if (typeof value !== 'string') return `${name} must be a timestamp string`;
  const parts = TIMESTAMP.exec(value);
  if (!parts || Number.isNaN(Date.parse(value))) return `${name} must be an RFC 3339 timestamp in UTC (Z)`;
  if (precise && (parts[7]?.length ?? 0) < 4) return `${name} must be precise to the millisecond`;
  const [, , month, day, hour, minute, second] = parts.map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    return `${name} is no valid date and time`;
  }
  return undefined;
}

/** The instant of a STIX timestamp in microseconds, to compare two (a Date keeps milliseconds). */
function micros(value: string): number {
  const parts = TIMESTAMP.exec(value)!;
  const fraction = Number(`${(parts[7] ?? '.').slice(1)}000000`.slice(0, 6));
  return Date.parse(`${value.slice(0, 19)}Z`) * 1000 + fraction;
}

/**
 * The problems of a STIX pattern (§9) within the subset the feed writes: one observation expression,
 * `[` comparisons `]`, each `<object-type>:<property_name> = '<string>'`, joined by AND or OR. A string
 * constant is in apostrophes; its escape character is the backslash, which only an apostrophe or a
 * backslash may follow (§9.2). Anything else is reported, not guessed at.
 */
export function patternProblems(pattern: string): string[] {
  const problems: string[] = [];
  let at = 0;
  const space = () => {
    while (at < pattern.length && /\s/u.test(pattern[at])) at += 1;
  };
  const expect = (token: string) => {
    space();
    if (pattern.startsWith(token, at)) {
      at += token.length;
      return true;
    }
    problems.push(`pattern: expected ${token} at ${at}`);
    return false;
  };
  if (!expect('[')) return problems;
  for (;;) {
    space();
    const path = /^([a-z0-9-]+):([a-z0-9_]+)/.exec(pattern.slice(at));
    if (!path) return [...problems, `pattern: expected an object path at ${at}`];
    const [whole, objectType, property] = path;
    if (!TYPE_NAME.test(objectType) || objectType.length < 3 || objectType.length > 250) {
      problems.push(`pattern: '${objectType}' is no valid object type name`);
    }
    if (!PROPERTY_NAME.test(property)) problems.push(`pattern: '${property}' is no valid property name`);
    at += whole.length;
    if (!expect('=') || !expect("'")) return problems;
    let closed = false;
    while (at < pattern.length) {
      const c = pattern[at];
      if (c === '\\') {
        const next = pattern[at + 1];
        if (next !== "'" && next !== '\\') {
          return [...problems, `pattern: a backslash must escape ' or \\ (at ${at})`];
        }
        at += 2;
      } else if (c === "'") {
        at += 1;
        closed = true;
        break;
      } else at += 1;
    }
    if (!closed) return [...problems, 'pattern: a string constant is not closed'];
    space();
    const joiner = /^(AND|OR)\s/.exec(pattern.slice(at));
    if (joiner) {
      at += joiner[0].length;
      continue;
    }
    if (!expect(']')) return problems;
    space();
    if (at !== pattern.length) problems.push(`pattern: unexpected text at ${at}`);
    return problems;
  }
}

function indicatorProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of ['pattern', 'pattern_type', 'valid_from']) {
    if (!(name in object)) problems.push(`indicator: ${name} is required`);
  }
  for (const name of Object.keys(object)) {
    if (!INDICATOR_PROPERTIES.has(name) && !CUSTOM_PROPERTY.test(name)) {
      problems.push(`indicator: ${name} is no Indicator property and no custom property (x_)`);
    }
  }
  for (const name of ['name', 'description', 'pattern', 'pattern_type', 'pattern_version']) {
    if (name in object && typeof object[name] !== 'string') problems.push(`${name} must be a string`);
  }
  const validFrom = timestampProblem(object.valid_from, 'valid_from', false);
  if (validFrom) problems.push(validFrom);
  if ('valid_until' in object) {
    const validUntil = timestampProblem(object.valid_until, 'valid_until', false);
    if (validUntil) problems.push(validUntil);
    else if (!validFrom && micros(object.valid_until as string) <= micros(object.valid_from as string)) {
      problems.push('valid_until must be later than valid_from');
    }
  }
  if ('indicator_types' in object) {
    const types = object.indicator_types;
    if (!Array.isArray(types) || types.length === 0) problems.push('indicator_types must be a list');
    else {
      for (const type of types) {
        if (!INDICATOR_TYPES.has(type as string)) problems.push(`indicator_types: ${String(type)}`);
      }
    }
  }
  if (object.pattern_type === 'stix') {
    if ('pattern_version' in object && object.pattern_version !== '2.1') {
      problems.push('pattern_version must be 2.1 for a STIX 2.1 pattern');
    }
    if (typeof object.pattern === 'string') problems.push(...patternProblems(object.pattern));
  }
  return problems;
}

/** The problems of one STIX 2.1 object; none when it conforms. */
export function stixProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const type = object.type;
  if (typeof type !== 'string' || !TYPE_NAME.test(type) || type.length < 3 || type.length > 250) {
    return [`type ${JSON.stringify(type)} is no STIX type name`];
  }
  const id = typeof object.id === 'string' ? object.id : '';
  const [idType, uuid, ...rest] = id.split('--');
  if (idType !== type || !uuid || rest.length > 0 || !UUID.test(uuid)) {
    problems.push(`id ${JSON.stringify(object.id)} must be ${type}--<RFC 4122 UUID>`);
  }
  for (const name of Object.keys(object)) {
    if (!PROPERTY_NAME.test(name) || name.length > 250) problems.push(`${name} is no property name`);
  }
  const sco =
    SCO_TYPES.has(type) ||
    Object.values((object.extensions as Record<string, { extension_type?: string }> | undefined) ?? {}).some(
      (extension) => extension?.extension_type === 'new-sco',
    );
  if ('spec_version' in object || !sco) {
    if (object.spec_version !== '2.1') problems.push('spec_version must be 2.1');
  }
  if (sco) {
    for (const name of NOT_ON_SCOS) {
      if (name in object) problems.push(`${name} is not a property of a cyber-observable (SCO)`);
    }
    return problems;
  }
  if (!SDO_SRO_TYPES.has(type)) return [...problems, `${type} is no STIX 2.1 object type this check knows`];
  for (const name of ['created', 'modified']) {
    const problem = timestampProblem(object[name], name, true);
    if (problem) problems.push(problem);
  }
  if (problems.length === 0 && micros(object.modified as string) < micros(object.created as string)) {
    problems.push('modified must not be earlier than created');
  }
  if ('revoked' in object && typeof object.revoked !== 'boolean') problems.push('revoked must be a boolean');
  if ('defanged' in object) problems.push('defanged is for cyber-observables only');
  if ('confidence' in object) {
    const confidence = object.confidence;
    if (!Number.isInteger(confidence) || (confidence as number) < 0 || (confidence as number) > 100) {
      problems.push('confidence must be an integer from 0 to 100');
    }
  }
  if ('labels' in object && (!Array.isArray(object.labels) || object.labels.length === 0)) {
    problems.push('labels must be a non-empty list');
  }
  if (type === 'indicator') problems.push(...indicatorProblems(object));
  return problems;
}

/**
 * The problems of the versions of objects seen together (§3.6): every version of an id has the same
 * `created`; the first has `modified` equal to it (when `complete`: the versions are all of the
 * object's); no two versions share a `modified` with different content; and none follows a revoked
 * version (revocation is permanent).
 */
export function versionProblems(
  objects: readonly Record<string, unknown>[],
  options: { complete: boolean } = { complete: true },
): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Record<string, unknown>[]>();
  for (const object of objects) {
    if (typeof object.modified !== 'string') continue;
    const id = String(object.id);
    byId.set(id, [...(byId.get(id) ?? []), object]);
  }
  for (const [id, versions] of byId) {
    const ordered = [...versions].sort((a, b) => micros(a.modified as string) - micros(b.modified as string));
    const created = new Set(ordered.map((version) => version.created));
    if (created.size !== 1) problems.push(`${id}: versions with different created`);
    if (options.complete && ordered[0].created !== ordered[0].modified) {
      problems.push(`${id}: the first version's modified is not its created`);
    }
    for (let k = 1; k < ordered.length; k += 1) {
      const [before, version] = [ordered[k - 1], ordered[k]];
      if (before.modified === version.modified && JSON.stringify(before) !== JSON.stringify(version)) {
        problems.push(`${id}: two different versions modified at ${String(version.modified)}`);
      }
      if (before.revoked === true && before.modified !== version.modified) {
        problems.push(`${id}: a version after its revocation`);
      }
    }
  }
  return problems;
}
