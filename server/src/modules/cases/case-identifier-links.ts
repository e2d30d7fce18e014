import { sql, type SQL } from 'drizzle-orm';
import { evidenceIdentifiers, journalEntryIdentifiers } from '../../db/schema/index';

/**
 * How identifiers attach to cases: through the case's journal entries that are not nullified
 * (journal_entry_identifiers) and through its evidence (evidence.case_id + evidence_identifiers).
 * Identifiers are unique by normalised key, so the same identifier id is the same normalised value.
 *
 * Both link tables hold copies of their entry's or evidence's case (and the entry's removal), kept by
 * the database (migration 0009), so a case's links are read off an index on the copy and the links
 * naming an identifier off the identifier's listing index, never joining every entry or evidence item
 * (issue 38: related cases read only the rows they need, whatever the size of the database).
 */

/** `select identifier_id, entry_count`: the identifiers of one case, with the entries naming each. */
export function identifiersOfCase(caseId: string): SQL {
  return sql`select identifier_id, sum(entry_count)::int as entry_count from (
      select ${journalEntryIdentifiers.identifierId} as identifier_id, count(*) as entry_count
        from ${journalEntryIdentifiers}
       where ${journalEntryIdentifiers.caseId} = ${caseId} and not ${journalEntryIdentifiers.isNullified}
       group by ${journalEntryIdentifiers.identifierId}
      union all
      select ${evidenceIdentifiers.identifierId}, 0
        from ${evidenceIdentifiers}
       where ${evidenceIdentifiers.caseId} = ${caseId}
    ) as linked group by identifier_id`;
}

/**
 * `select case_id, identifier_id` (distinct pairs): the cases other than `caseId` that name an
 * identifier chosen by `match` (a condition over an identifier id column: `in (subquery)` or
 * `= any(array)`). Visibility of those cases is the caller's to apply.
 */
export function otherCasesNaming(match: (column: SQL) => SQL, caseId: string): SQL {
  return sql`select ${journalEntryIdentifiers.caseId} as case_id, ${journalEntryIdentifiers.identifierId} as identifier_id
        from ${journalEntryIdentifiers}
       where ${match(sql`${journalEntryIdentifiers.identifierId}`)}
         and not ${journalEntryIdentifiers.isNullified} and ${journalEntryIdentifiers.caseId} <> ${caseId}
      union
      select ${evidenceIdentifiers.caseId}, ${evidenceIdentifiers.identifierId}
        from ${evidenceIdentifiers}
       where ${match(sql`${evidenceIdentifiers.identifierId}`)} and ${evidenceIdentifiers.caseId} <> ${caseId}`;
}
