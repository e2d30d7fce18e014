import type { CaseRef } from '@scamtrail/domain/cases';
import type { HiddenRecord, HiddenRecordKind } from '@scamtrail/domain/hidden-records';
import type { DbOrTx } from '../../db/client';
import { readsTogether } from '../../db/reads-together';
import type { Principal } from '../auth/principal';
import type { NamedFields, NamedRecordKind, ReferenceFields } from './record-references';
import { findRecordNames, findVisibleRecords, type VisibleRecord } from './record-visibility.repository';

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The ids a field holds: one, a list of them, or none (null). */
const idsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string')
      : [];

/** The records a page of rows names, gathered first so that each kind is looked up once. */
export class RecordReferences {
  private readonly named = new Map<HiddenRecordKind, Set<string>>();
  /** The records the reader may see, by kind, each with its name (null for one no longer found). */
  private readonly visible = new Map<HiddenRecordKind, Map<string, VisibleRecord>>();
  /** Groups, people and tags named (never hidden), and the names the reader may read of them. */
  private readonly mentioned = new Map<NamedRecordKind, Set<string>>();
  private readonly mentionedNames = new Map<NamedRecordKind, Map<string, string>>();

  /** Notes a record named by id (an event's subject). */
  name(kind: HiddenRecordKind, id: string): void {
    const ids = this.named.get(kind) ?? new Set<string>();
    ids.add(id);
    this.named.set(kind, ids);
  }

  /** Notes every record the declared fields of a recorded value name, groups, people and tags too. */
  nameIn(values: unknown, fields: ReferenceFields, named: NamedFields = {}): void {
    if (!isValues(values)) return;
    for (const [field, reference] of Object.entries(fields)) {
      for (const id of idsIn(values[field])) this.name(reference.kind, id);
    }
    for (const [field, kind] of Object.entries(named)) {
      const ids = this.mentioned.get(kind) ?? new Set<string>();
      for (const id of idsIn(values[field])) ids.add(id);
      this.mentioned.set(kind, ids);
    }
  }

  /**
   * Looks up which of the named records the reader may see, and their names: one statement per kind
   * named, at once on the pool and one after another in a transaction (`readsTogether`).
   */
  async resolve(db: DbOrTx, principal: Principal): Promise<void> {
    const named = [...this.named];
    const mentioned = [...this.mentioned].filter(([, ids]) => ids.size > 0);
    const found = await readsTogether(db, [
      ...named.map(
        ([kind, ids]) =>
          () =>
            findVisibleRecords(db, principal, kind, [...ids]),
      ),
      ...mentioned.map(
        ([kind, ids]) =>
          () =>
            findRecordNames(db, principal, kind, [...ids]),
      ),
    ]);
    named.forEach(([kind], i) => this.visible.set(kind, found[i] as Map<string, VisibleRecord>));
    mentioned.forEach(([kind], i) => {
      this.mentionedNames.set(kind, found[named.length + i] as Map<string, string>);
    });
  }

  isVisible(kind: HiddenRecordKind, id: string): boolean {
    return this.visible.get(kind)?.has(id) ?? false;
  }

  /** The name of a record the reader may see ("#12 Its title", an item's title); undefined otherwise. */
  nameOf(kind: HiddenRecordKind, id: string): string | undefined {
    return this.visible.get(kind)?.get(id)?.name ?? undefined;
  }

  /**
   * The cases, by id, of the journal entries the declared fields of a recorded value name that the
   * reader may see, where each is read: none for an entry in no case, nor to a reader who may not read
   * cases (`findVisibleRecords`).
   */
  entryCasesIn(values: unknown, fields: ReferenceFields): Record<string, CaseRef> {
    const found: Record<string, CaseRef> = {};
    if (!isValues(values)) return found;
    for (const [field, reference] of Object.entries(fields)) {
      if (reference.kind !== 'journal_entry') continue;
      for (const id of idsIn(values[field])) {
        const entryCase = this.visible.get(reference.kind)?.get(id)?.case;
        if (entryCase) found[id] = entryCase;
      }
    }
    return found;
  }

  /**
   * The names, by id, of the records the declared fields of a recorded value name that the reader may
   * see: what a History row shows in place of their ids. A hidden record is not among them.
   */
  namesIn(values: unknown, fields: ReferenceFields, named: NamedFields = {}): Record<string, string> {
    const names: Record<string, string> = {};
    if (!isValues(values)) return names;
    for (const [field, reference] of Object.entries(fields)) {
      for (const id of idsIn(values[field])) {
        const name = this.nameOf(reference.kind, id);
        if (name !== undefined) names[id] = name;
      }
    }
    for (const [field, kind] of Object.entries(named)) {
      for (const id of idsIn(values[field])) {
        const name = this.mentionedNames.get(kind)?.get(id);
        if (name !== undefined) names[id] = name;
      }
    }
    return names;
  }

  /**
   * The value with every reference to a record the reader may not see replaced by `{ hidden: kind }`
   * and what it says of that record left out. `onlyReferences` keeps nothing else (the value of an
   * event whose own subject is hidden).
   */
  redact(values: unknown, fields: ReferenceFields, onlyReferences = false): unknown {
    if (!isValues(values)) return onlyReferences ? null : values;
    const out: Values = onlyReferences ? {} : { ...values };
    for (const [field, { kind, carries = [] }] of Object.entries(fields)) {
      if (!(field in values)) continue;
      const value = values[field];
      const hidden: HiddenRecord = { hidden: kind };
      const shown = (id: unknown) => typeof id === 'string' && this.isVisible(kind, id);
      let isAnyHidden: boolean;
      if (Array.isArray(value)) {
        out[field] = value.map((id: unknown) => (shown(id) ? id : hidden));
        isAnyHidden = value.some((id: unknown) => !shown(id));
      } else {
        isAnyHidden = value !== null && value !== undefined && !shown(value);
        out[field] = isAnyHidden ? hidden : value;
      }
      for (const carried of carries) {
        if (isAnyHidden) delete out[carried];
        else if (carried in values) out[carried] = values[carried];
      }
    }
    return out;
  }
}
