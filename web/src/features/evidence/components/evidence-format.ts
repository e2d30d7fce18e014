import {
  custodyDetailParts as custodyWordsParts,
  type CustodyNamedRecord,
  type CustodyWordsEvent,
} from '@scamtrail/domain/custody-words';
import { paths } from '../../../lib/paths';

/**
 * A custody row in words. The words are the domain's (`@scamtrail/domain/custody-words`), which the
 * case dossier's report says too; this page makes the case or entry a row names a link.
 */
export {
  custodyActionText,
  custodyActorText,
  custodyDetailText,
  formatBytes,
  shortHash,
} from '@scamtrail/domain/custody-words';

/** A piece of a custody row's detail: words, or the name of a case or entry linking to where it is read. */
export interface CustodyDetailPart {
  text: string;
  /** Where the name leads: the case, or the case's timeline for a journal entry. */
  to?: string;
}

const whereRead = (record: CustodyNamedRecord): string =>
  record.kind === 'case' ? paths.caseDetail(record.id) : paths.caseDetail(record.caseId, { tab: 'timeline' });

/**
 * A custody row's detail: what was added, how it was viewed, what the check found, and the case or
 * journal entry it names by the names the server gives for those the reader may see (`names`,
 * `entryCases`), linking to them; generic words for one hidden or no longer found.
 */
export function custodyDetailParts(event: CustodyWordsEvent): CustodyDetailPart[] {
  return custodyWordsParts(event).map(({ text, record }) =>
    record ? { text, to: whereRead(record) } : { text },
  );
}
