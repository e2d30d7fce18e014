import type { Case } from '@scamtrail/domain/cases';
import type { Evidence } from '@scamtrail/domain/evidence';
import type { JournalEntryHit } from '@scamtrail/domain/journal-entries';
import type { IdentifierListItem, ReviewQueueItem } from '@scamtrail/domain/identifiers/api';
import type { CsvColumn, CsvFormat } from '../../plugins/csv-export';

/**
 * The columns of each list's CSV download (`config.csv` of its route, see `csvExportPlugin`): what the
 * list's rows show, flattened to one cell each. Names of people and tags are written out, lists of them
 * joined with "; ".
 */

const joined = (values: readonly string[]) => values.join('; ');
const tagNames = (item: { tags: readonly { name: string }[] }) => joined(item.tags.map((tag) => tag.name));

/** The identifier's data fields, each a column: the same names as the import's CSV columns. */
const DATA_FIELDS = [
  'address',
  'countryCode',
  'number',
  'bankName',
  'accountName',
  'accountNumber',
  'routingNumber',
  'accountType',
  'network',
  'platform',
  'username',
  'profileUrl',
  'identifierType',
  'identifier',
  'value',
  'description',
  'notes',
] as const;

const dataColumns: CsvColumn<IdentifierListItem>[] = DATA_FIELDS.map((field) => ({
  header: field,
  cell: (item) => {
    const value = (item.data as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  },
}));

const identifierColumns: CsvColumn<IdentifierListItem>[] = [
  { header: 'id', cell: (item) => item.id },
  { header: 'type', cell: (item) => item.type },
  { header: 'displayValue', cell: (item) => item.displayValue },
  { header: 'confidence', cell: (item) => item.confidence?.score },
  { header: 'evidenceCount', cell: (item) => item.evidenceCount },
  { header: 'tags', cell: tagNames },
  { header: 'originator', cell: (item) => item.originator?.displayName },
  { header: 'createdAt', cell: (item) => item.createdAt },
  { header: 'updatedAt', cell: (item) => item.updatedAt },
  ...dataColumns,
];

export const identifierListCsv: CsvFormat<IdentifierListItem> = {
  fileName: 'identifiers',
  columns: identifierColumns,
};

export const reviewQueueCsv: CsvFormat<ReviewQueueItem> = {
  fileName: 'validation-queue',
  columns: [
    ...identifierColumns.slice(0, 9),
    { header: 'reviewStatus', cell: (item) => item.review.status },
    { header: 'reviewedAt', cell: (item) => item.review.reviewedAt },
    { header: 'reviewedBy', cell: (item) => item.review.reviewedBy?.displayName },
    { header: 'reviewNote', cell: (item) => item.review.note },
    ...identifierColumns.slice(9),
  ],
};

export const caseListCsv: CsvFormat<Case> = {
  fileName: 'cases',
  columns: [
    { header: 'id', cell: (item) => item.id },
    { header: 'number', cell: (item) => item.number },
    { header: 'title', cell: (item) => item.title },
    { header: 'status', cell: (item) => item.status },
    { header: 'priority', cell: (item) => item.priority },
    { header: 'scamType', cell: (item) => item.scamType },
    { header: 'reportedLossAmount', cell: (item) => item.reportedLoss?.amount },
    { header: 'reportedLossCurrency', cell: (item) => item.reportedLoss?.currency },
    { header: 'resolution', cell: (item) => item.resolution },
    { header: 'group', cell: (item) => item.group?.name },
    { header: 'assignees', cell: (item) => joined(item.assignees.map((user) => user.fullName)) },
    { header: 'tags', cell: tagNames },
    { header: 'originator', cell: (item) => item.originator?.displayName },
    { header: 'entryCount', cell: (item) => item.entryCount },
    { header: 'evidenceCount', cell: (item) => item.evidenceCount },
    { header: 'lastActivityAt', cell: (item) => item.lastActivityAt },
    { header: 'closedAt', cell: (item) => item.closedAt },
    { header: 'createdAt', cell: (item) => item.createdAt },
    { header: 'description', cell: (item) => item.description },
  ],
};

export const evidenceListCsv: CsvFormat<Evidence> = {
  fileName: 'evidence',
  columns: [
    { header: 'id', cell: (item) => item.id },
    { header: 'kind', cell: (item) => item.kind },
    { header: 'title', cell: (item) => item.title },
    { header: 'caseNumber', cell: (item) => item.case?.number },
    { header: 'caseTitle', cell: (item) => item.case?.title },
    { header: 'fileName', cell: (item) => item.fileName },
    { header: 'mediaType', cell: (item) => item.mediaType },
    { header: 'size', cell: (item) => item.size },
    { header: 'sha256', cell: (item) => item.sha256 },
    { header: 'tags', cell: tagNames },
    { header: 'originator', cell: (item) => item.originator?.displayName },
    { header: 'journalEntryCount', cell: (item) => item.journalEntryCount },
    { header: 'identifierCount', cell: (item) => item.identifierCount },
    { header: 'createdAt', cell: (item) => item.createdAt },
    { header: 'description', cell: (item) => item.description },
  ],
};

export const journalSearchCsv: CsvFormat<JournalEntryHit> = {
  fileName: 'journal-search',
  columns: [
    { header: 'id', cell: (item) => item.id },
    { header: 'type', cell: (item) => item.type },
    { header: 'performedAt', cell: (item) => item.performedAt },
    { header: 'caseNumber', cell: (item) => item.case.number },
    { header: 'caseTitle', cell: (item) => item.case.title },
    { header: 'originator', cell: (item) => item.originator?.displayName },
    { header: 'excerpt', cell: (item) => item.excerpt },
  ],
};
