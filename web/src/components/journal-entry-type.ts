import {
  Catalog,
  DocumentAttachment,
  Email,
  Events,
  Flag,
  FingerprintRecognition,
  Notebook,
  Phone,
} from '@carbon/icons-react';
import type { JournalEntryType } from '@scamtrail/domain/journal-entries';

type TagType = 'gray' | 'blue' | 'cyan' | 'teal' | 'purple' | 'magenta' | 'warm-gray' | 'cool-gray';

/** Each entry type's icon and tag colour, so a long timeline can be scanned by kind. */
export const ENTRY_TYPE_STYLES: Record<JournalEntryType, { icon: typeof Catalog; tag: TagType }> = {
  note: { icon: Notebook, tag: 'gray' },
  call: { icon: Phone, tag: 'blue' },
  email: { icon: Email, tag: 'cyan' },
  meeting: { icon: Events, tag: 'teal' },
  evidence_added: { icon: DocumentAttachment, tag: 'purple' },
  identifier_linked: { icon: FingerprintRecognition, tag: 'magenta' },
  status_change: { icon: Flag, tag: 'warm-gray' },
  other: { icon: Catalog, tag: 'cool-gray' },
};
