import type { Case, CaseIdentifier } from '@scamtrail/domain/cases';
import type { CaseTask } from '@scamtrail/domain/case-tasks';
import type { CustodyEvent, Evidence } from '@scamtrail/domain/evidence';
import type { ConfidenceReport } from '@scamtrail/domain/identifiers/api';
import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { JournalIntegrity, SignatureBundle, VerifyCaseResponse } from '@scamtrail/domain/signatures';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { JsonText } from '../../lib/json-text';
import type { UserPrincipal } from '../auth/principal';
import { getCase } from '../cases/cases.service';
import { listCaseIdentifiers } from '../cases/case-identifiers.service';
import { listCaseTasks } from '../cases/case-tasks.service';
import { listCustody } from '../evidence/evidence-content.service';
import { getEvidence, listEvidence } from '../evidence/evidence.service';
import type { EvidenceStore } from '../evidence/evidence-store-contract';
import { getBulkConfidence } from '../identifiers/identifier-validation.service';
import { findVisibleEvidenceIds, listCaseJournal } from '../journal-entries/journal-entries.service';
import { checkCaseChain } from '../signatures/journal-chain';
import { chainedContent } from '../signatures/signable-content';
import { findChainLinks, findEntryContents } from '../signatures/signatures.service';
import { signatureBundle, verifyCase } from '../signatures/verification.service';
import type { ChainFile } from './dossier-format';
import { linkHashRule } from './dossier-chain';

/**
 * Everything of a case a dossier holds, read as the exporter may see it, through the services of the
 * modules that own it (never their repositories): the case, its journal (removed entries included),
 * identifiers with their confidence and the other visible cases naming them, evidence with its chain
 * of custody, tasks, signature bundles, the journal's hash chain, and the server's verdicts now.
 */
export interface DossierData {
  case: Case;
  entries: JournalEntry[];
  identifiers: (CaseIdentifier & { confidence: ConfidenceReport | null })[];
  evidence: Evidence[];
  custody: Map<string, CustodyEvent[]>;
  tasks: CaseTask[];
  bundles: Map<string, SignatureBundle>;
  /** Signed entries whose bundle is not given, with why. */
  withheldBundles: Map<string, string>;
  chain: ChainFile;
  integrity: JournalIntegrity;
  signatures: VerifyCaseResponse;
}

/** An answer a service wrote as JSON text (the hottest reads), as the value it stands for. */
function fromJsonText<T>(answer: T): T {
  return answer instanceof JsonText ? (JSON.parse(answer.text) as T) : answer;
}

/** Pages of a service's list, until the last. */
const PAGE = 500;
async function allPages<T>(
  read: (page: {
    page: number;
    pageSize: number;
  }) => Promise<{ data: T[]; pagination: { totalPages: number } }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page += 1) {
    const { data, pagination } = await read({ page, pageSize: PAGE });
    all.push(...data);
    if (page >= pagination.totalPages) return all;
  }
}

export const WITHHELD_FOR_HIDDEN_EVIDENCE =
  'It names evidence the exporter may not see, so its content is not in this dossier';

export async function readDossierData(
  db: Db,
  store: EvidenceStore,
  caseId: string,
  principal: UserPrincipal,
): Promise<DossierData> {
  const found = fromJsonText(await getCase(db, caseId, principal).then((got) => got.answer));
  const entries = await allPages(async (page) => {
    const answer = await listCaseJournal(db, caseId, { ...page, includeNullified: true }, principal);
    return fromJsonText(answer as { data: JournalEntry[]; pagination: { totalPages: number } });
  });
  entries.sort((a, b) => a.performedAt.localeCompare(b.performedAt) || a.id.localeCompare(b.id));

  const caseIdentifiers = await allPages((page) => listCaseIdentifiers(db, caseId, page, principal));
  const confidence = new Map<string, ConfidenceReport>();
  for (let i = 0; i < caseIdentifiers.length; i += PAGE) {
    const { data } = await getBulkConfidence(
      db,
      caseIdentifiers.slice(i, i + PAGE).map((identifier) => identifier.id),
    );
    for (const report of data) confidence.set(report.id, report);
  }
  const identifiers = caseIdentifiers.map((identifier) => ({
    ...identifier,
    confidence: confidence.get(identifier.id) ?? null,
  }));

  const evidence = await allPages((page) => listEvidence(db, principal, { ...page, caseId }));
  // Evidence of another case an entry links to, when the exporter may see it.
  const listed = new Set(evidence.map((item) => item.id));
  const linkedElsewhere = [
    ...new Set(entries.flatMap((entry) => entry.evidence.map((item) => item.id))),
  ].filter((id) => !listed.has(id));
  const visibleElsewhere = await findVisibleEvidenceIds(db, linkedElsewhere, principal);
  for (const id of linkedElsewhere) {
    if (visibleElsewhere.has(id)) evidence.push(await getEvidence(db, principal, id, { recordView: false }));
  }

  const custody = new Map<string, CustodyEvent[]>();
  for (const item of evidence) {
    custody.set(item.id, await allPages((page) => listCustody(db, principal, item.id, page)));
  }
  const tasks = await allPages((page) => listCaseTasks(db, caseId, page, principal));

  const bundles = new Map<string, SignatureBundle>();
  const withheldBundles = new Map<string, string>();
  for (const entry of entries.filter((e) => e.isSigned)) {
    try {
      bundles.set(entry.id, await signatureBundle(db, entry.id, principal));
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 404)) throw error;
      withheldBundles.set(entry.id, error.message);
    }
  }

  const chain = await readChain(db, caseId, principal);

  return {
    case: found,
    entries,
    identifiers,
    evidence,
    custody,
    tasks,
    bundles,
    withheldBundles,
    chain,
    integrity: await checkCaseChain(db, caseId),
    signatures: await verifyCase(db, store, caseId, principal),
  };
}

/**
 * The journal's hash chain as the integrity check reads it: the links and every entry's chained
 * content, in one read-only snapshot. An entry naming evidence the exporter may not see keeps its
 * links but not its content (which would name that evidence).
 */
async function readChain(db: Db, caseId: string, principal: UserPrincipal): Promise<ChainFile> {
  const { links, entries } = await db.transaction(
    async (tx) => ({
      links: await findChainLinks(tx, caseId),
      entries: await findEntryContents(tx, { caseId }),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const evidenceIds = [...new Set(entries.flatMap((entry) => entry.evidence.map((item) => item.id)))];
  const visible = await findVisibleEvidenceIds(db, evidenceIds, principal);
  return {
    caseId,
    linkHash: linkHashRule,
    links: links.map((link) => ({
      seq: link.seq,
      kind: link.kind,
      journalEntryId: link.journalEntryId,
      contentHash: link.contentHash,
      prevHash: link.prevHash,
      hash: link.hash,
      createdAt: link.createdAt.toISOString(),
    })),
    entries: entries
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((entry) =>
        entry.evidence.every((item) => visible.has(item.id))
          ? { id: entry.id, content: chainedContent(entry) }
          : { id: entry.id, content: null, withheldReason: WITHHELD_FOR_HIDDEN_EVIDENCE },
      ),
  };
}
