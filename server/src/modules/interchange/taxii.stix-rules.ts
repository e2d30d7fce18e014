/**
 * A STIX 2.1 conformance check written from the specification's normative text (OASIS STIX 2.1
 * Errata 01), for what the TAXII collection serves: the property rules of §3.1 and §3.2 (common
 * properties, and which apply to SDOs and SROs and which to SCOs), identifiers (§2.9), timestamps
 * (§2.16; `created`/`modified` at least to the millisecond), versioning (§3.6), the Indicator (§4.7)
 * and its STIX pattern (§9, the subset of comparisons the feed writes), and custom properties
 * (§11.1), extensions and extension definitions (§7.3), identities (§4.6), the UUID version of
 * ids (§2.9) and references (`created_by_ref`, an extension's definition). The OASIS JSON schemas
 * and validator cannot be brought in here (docs/interchange.md,
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

/** §7: the STIX Meta Objects this check knows (versioned, with SDOs' common properties). */
const META_TYPES = new Set(['extension-definition', 'marking-definition', 'language-content']);

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
/** §10.7 identity-class-ov. */
const IDENTITY_CLASSES = new Set(['individual', 'group', 'system', 'organization', 'class', 'unknown']);

/** §7.3 extension-type-enum. */
const EXTENSION_TYPES = new Set([
  'new-sdo',
  'new-sco',
  'new-sro',
  'property-extension',
  'toplevel-property-extension',
]);

/** §6: SCOs whose ID-contributing properties are all optional: without them, a UUIDv4 id. */
const OPTIONAL_CONTRIBUTING = new Set([
  'artifact',
  'email-message',
  'user-account',
  'windows-registry-key',
  'x509-certificate',
  'process',
]);

/** An `extensions` key (§7.3): an extension definition's id, or a predefined extension's name. */
const EXTENSION_KEY =
  /^(extension-definition--[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z0-9-]+-ext)$/;

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

/**
 * §2.9: SDOs, SROs and meta objects SHOULD have a UUIDv4 id, SCOs a UUIDv5 (deterministic) one, but
 * a UUIDv4 where their ID-contributing properties are optional. The OASIS validator warns on any
 * other (`uuid-check`), so a SHOULD is reported here as a problem.
 */
function uuidVersionProblems(object: Record<string, unknown>, sco: boolean): string[] {
  const version = String(object.id).split('--')[1]?.[14];
  if (!version) return [];
  if (!sco && version !== '4') return [`id ${String(object.id)} should be a UUIDv4 (§2.9)`];
  if (sco && version !== '5' && !(version === '4' && OPTIONAL_CONTRIBUTING.has(object.type as string))) {
    return [`id ${String(object.id)} of a cyber-observable should be a UUIDv5 (§2.9)`];
  }
  return [];
}

/**
 * §7.3 and §11.1: `extensions` holds, under an extension definition's id (or a predefined
 * extension's name), a dictionary of its properties with its `extension_type`; custom properties at
 * the top level SHOULD be defined by an extension definition of type `toplevel-property-extension`
 * that the object names (the OASIS validator's `extensions-use` warning), else be a property
 * extension's, under `extensions`.
 */
function extensionProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const extensions = object.extensions;
  let toplevel = false;
  if (extensions !== undefined) {
    if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) {
      return ['extensions must be a dictionary'];
    }
    if (Object.keys(extensions).length === 0) problems.push('extensions must not be empty');
    for (const [key, value] of Object.entries(extensions as Record<string, unknown>)) {
      if (!EXTENSION_KEY.test(key)) problems.push(`extensions: ${key} is no extension definition id`);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(`extensions: ${key} must be a dictionary`);
        continue;
      }
      const extension = value as Record<string, unknown>;
      if (key.startsWith('extension-definition--')) {
        if (!EXTENSION_TYPES.has(extension.extension_type as string)) {
          problems.push(`extensions: ${key} needs an extension_type of the enumeration`);
        }
        if (extension.extension_type === 'toplevel-property-extension') toplevel = true;
        if (extension.extension_type === 'property-extension' && Object.keys(extension).length < 2) {
          problems.push(`extensions: ${key} holds no property`);
        }
      }
      for (const name of Object.keys(extension)) {
        if (!PROPERTY_NAME.test(name) || name.length > 250) {
          problems.push(`extensions: ${key}: ${name} is no property name`);
        }
      }
    }
  }
  if (!toplevel) {
    for (const name of Object.keys(object)) {
      if (name.startsWith('x_')) {
        problems.push(`${name} is a custom property no extension definition defines (§7.3, §11.1)`);
      }
    }
  }
  return problems;
}

/** §4.6 Identity. */
function identityProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof object.name !== 'string' || !object.name) problems.push('identity: name is required');
  if ('identity_class' in object && !IDENTITY_CLASSES.has(object.identity_class as string)) {
    problems.push(`identity_class: ${String(object.identity_class)} is not in identity-class-ov`);
  }
  return problems;
}

/** The Grouping SDO: `context` (grouping-context-ov, open) and `object_refs`, one or more ids. */
function groupingProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof object.context !== 'string' || !object.context) problems.push('grouping: context is required');
  const refs = object.object_refs;
  if (!Array.isArray(refs) || refs.length === 0)
    problems.push('grouping: object_refs must be a non-empty list');
  else {
    for (const ref of refs) {
      if (typeof ref !== 'string' || !/^[a-z0-9-]+--[0-9a-f-]{36}$/.test(ref)) {
        problems.push(`grouping: object_refs: ${String(ref)} is no STIX id`);
      }
    }
  }
  return problems;
}

/** §7.3 Extension Definition: its required properties, and the SHOULDs the OASIS validator checks. */
function extensionDefinitionProblems(object: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of ['created_by_ref', 'name', 'schema', 'version', 'extension_types']) {
    if (!(name in object)) problems.push(`extension-definition: ${name} is required`);
  }
  if (!('description' in object)) problems.push('extension-definition: description should be given');
  if (typeof object.version === 'string' && !/^\d+\.\d+\.\d+/.test(object.version)) {
    problems.push('extension-definition: version must be a semantic version');
  }
  const types = object.extension_types;
  if (!Array.isArray(types) || types.length === 0) {
    problems.push('extension-definition: extension_types must be a list');
  } else {
    for (const type of types) {
      if (!EXTENSION_TYPES.has(type as string)) problems.push(`extension_types: ${String(type)}`);
    }
    if (types.includes('toplevel-property-extension') && !Array.isArray(object.extension_properties)) {
      problems.push('extension-definition: extension_properties should name the top-level properties');
    }
  }
  return problems;
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

/**
 * The problems of one STIX 2.1 object; none when it conforms, and the OASIS validator would neither
 * refuse it nor warn (its `uuid-check` and `extensions-use`, §2.9 and §7.3 SHOULDs).
 */
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
  if (problems.length === 0) problems.push(...uuidVersionProblems(object, sco));
  problems.push(...extensionProblems(object));
  if (sco) {
    for (const name of NOT_ON_SCOS) {
      if (name in object) problems.push(`${name} is not a property of a cyber-observable (SCO)`);
    }
    return problems;
  }
  if (!SDO_SRO_TYPES.has(type) && !META_TYPES.has(type)) {
    return [...problems, `${type} is no STIX 2.1 object type this check knows`];
  }
  if ('created_by_ref' in object && !/^identity--/.test(String(object.created_by_ref))) {
    problems.push('created_by_ref must be an identity id');
  }
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
  if (type === 'identity') problems.push(...identityProblems(object));
  if (type === 'extension-definition') problems.push(...extensionDefinitionProblems(object));
  if (type === 'grouping') problems.push(...groupingProblems(object));
  return problems;
}

/**
 * The problems of the references among objects seen together: each `created_by_ref` names an
 * identity among them, each extension an object names by id an extension definition among them
 * of the type it is used as (§7.3), and each of a grouping's `object_refs` an object among them.
 */
export function referenceProblems(objects: readonly Record<string, unknown>[]): string[] {
  const problems = new Set<string>();
  const byId = new Map(objects.map((object) => [String(object.id), object]));
  for (const object of objects) {
    const creator = object.created_by_ref;
    if (creator !== undefined && byId.get(String(creator))?.type !== 'identity') {
      problems.add(`${String(object.id)}: created_by_ref ${String(creator)} is no identity served`);
    }
    for (const ref of Array.isArray(object.object_refs) ? (object.object_refs as unknown[]) : []) {
      if (!byId.has(String(ref)))
        problems.add(`${String(object.id)}: object_refs ${String(ref)} is not among them`);
    }
    const extensions = (object.extensions ?? {}) as Record<string, { extension_type?: unknown }>;
    for (const [key, extension] of Object.entries(extensions)) {
      if (!key.startsWith('extension-definition--')) continue;
      const definition = byId.get(key);
      const types = definition?.extension_types;
      if (definition?.type !== 'extension-definition') {
        problems.add(`${String(object.id)}: extension ${key} is no extension definition served`);
      } else if (!Array.isArray(types) || !types.includes(extension.extension_type)) {
        problems.add(`${String(object.id)}: ${key} does not define ${String(extension.extension_type)}`);
      }
    }
  }
  return [...problems];
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
