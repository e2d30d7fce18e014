import { sql, type SQL } from 'drizzle-orm';
import {
  evidence,
  evidenceIdentifiers,
  journalEntries,
  journalEntryIdentifiers,
} from '../../db/schema/index';

/**
 * How identifiers attach to cases: through the case's journal entries that are not nullified
 * (journal_entry_identifiers) and through its evidence (evidence.case_id + evidence_identifiers).
 * Identifiers are unique by normalised key, so the same identifier id is the same normalised value.
 */

/** `select identifier_id, entry_count`: the identifiers of one case, with the entries naming each. */
export function identifiersOfCase(caseId: string): SQL {
  return sql`select identifier_id, sum(entry_count)::int as entry_count from (
      select ${journalEntryIdentifiers.identifierId} as identifier_id, count(*) as entry_count
        from ${journalEntryIdentifiers}
        join ${journalEntries} on ${journalEntries.id} = ${journalEntryIdentifiers.journalEntryId}
       where ${journalEntries.caseId} = ${caseId} and not ${journalEntries.isNullified}
       group by ${journalEntryIdentifiers.identifierId}
      union all
      select ${evidenceIdentifiers.identifierId}, 0
        from ${evidenceIdentifiers}
        join ${evidence} on ${evidence.id} = ${evidenceIdentifiers.evidenceId}
       where ${evidence.caseId} = ${caseId}
    ) as linked group by identifier_id`;
}

/**
 * `select case_id, identifier_id` (distinct pairs): the cases other than `caseId` that name an
 * identifier chosen by `match` (a condition over an identifier id column: `in (subquery)` or
 * `= any(array)`). Visibility of those cases is the caller's to apply.
 */
export function otherCasesNaming(match: (column: SQL) => SQL, caseId: string): SQL {
  return sql`select ${journalEntries.caseId} as case_id, ${journalEntryIdentifiers.identifierId} as identifier_id
        from ${journalEntryIdentifiers}
        join ${journalEntries} on ${journalEntries.id} = ${journalEntryIdentifiers.journalEntryId}
       where ${match(sql`${journalEntryIdentifiers.identifierId}`)}
         and not ${journalEntries.isNullified} and ${journalEntries.caseId} <> ${caseId}
      union
      select ${evidence.caseId}, ${evidenceIdentifiers.identifierId}
        from ${evidenceIdentifiers}
        join ${evidence} on ${evidence.id} = ${evidenceIdentifiers.evidenceId}
       where ${match(sql`${evidenceIdentifiers.identifierId}`)} and ${evidence.caseId} <> ${caseId}`;
}
