import { useState } from 'react';
import {
  createJournalEntryBodySchema,
  type CreateJournalEntryBody,
  type JournalEntry,
  type JournalEntryType,
  type UpdateJournalEntryBody,
} from '@scamtrail/domain/journal-entries';
import type { ToastInput } from '../../../../components/toasts/toast-types';
import { ApiError, errorMessage, isAnsweredByClient, isApiError } from '../../../../lib/api-error';
import { useCreateCaseJournalEntry } from '../api/journal-create-entry';
import type { EvidenceOption } from '../api/journal-evidence-options';
import type { IdentifierOption } from '../api/journal-identifiers';
import { useEditJournalEntry } from '../api/journal-update-entry';
import {
  ensureFoundIdentifier,
  type FoundCandidate,
} from '../../../../components/found-identifiers/extract-identifiers';
import { candidateLabel } from '../../../../components/found-identifiers/found-identifier-list';
import { joinPerformedAt, samePerformedAt, splitPerformedAt, type PerformedAtInput } from './performed-at';
import type { OriginatorSummary } from '@scamtrail/domain/originators';

export interface EntryFormValues {
  type: JournalEntryType;
  when: PerformedAtInput;
  description: string;
  evidence: EvidenceOption[];
  identifiers: IdentifierOption[];
  /** A new entry reported by a community member, entered for them; null: the user's own. */
  reportedBy: OriginatorSummary | null;
}

const PERFORMED_AT_MESSAGE = 'Enter the day and the time (HH:MM) it happened';

/**
 * The ids of the identifiers found in the text: the one on record the server named, or one created
 * (or, when someone created it meanwhile, that one). A failure names the identifier, so it can be
 * unticked; one the API client answered (sign-in, "Access Denied") goes on as it is, keeping its mark
 * so the dialog says nothing more about it.
 */
async function ensureFound(found: FoundCandidate[]): Promise<string[]> {
  const ids: string[] = [];
  for (const candidate of found) {
    try {
      ids.push(await ensureFoundIdentifier(candidate));
    } catch (error) {
      if (!isApiError(error) || isAnsweredByClient(error)) throw error;
      throw new ApiError(
        error.status,
        error.code,
        `${candidateLabel(candidate)} could not be linked: ${error.message}`,
      );
    }
  }
  return ids;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

/** The fields an edit changed, or null when it changed none of them. */
function changedFields(entry: JournalEntry, body: CreateJournalEntryBody, when: PerformedAtInput) {
  const changes: UpdateJournalEntryBody = {};
  if (body.type !== entry.type) changes.type = body.type;
  if (body.description !== entry.description) changes.description = body.description;
  if (!samePerformedAt(when, splitPerformedAt(entry.performedAt))) changes.performedAt = body.performedAt;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Saving the entry dialog. A new entry follows spec 4: the identifiers found in the text are ensured,
 * the entry is created, then linked to its case; a failed link only warns. An edit patches the
 * changed fields and links or unlinks what changed. Answers the toast to show.
 */
export function useSaveEntry(caseId: string, entry: JournalEntry | undefined, openedWhen: PerformedAtInput) {
  const create = useCreateCaseJournalEntry(caseId);
  const edit = useEditJournalEntry();
  const [isSaving, setIsSaving] = useState(false);

  function parse(values: EntryFormValues) {
    const parsed = createJournalEntryBodySchema.safeParse({
      type: values.type,
      description: values.description,
      performedAt: joinPerformedAt(values.when) ?? '',
      caseId,
      evidence: values.evidence.length > 0 ? ids(values.evidence) : null,
      identifierIds: ids(values.identifiers),
      onBehalfOfOriginatorId: entry ? undefined : values.reportedBy?.id,
    });
    // The contract's message speaks of ISO 8601; the form speaks of a day and a time.
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'performedAt') (issue as { message: string }).message = PERFORMED_AT_MESSAGE;
      }
    }
    return parsed;
  }

  async function save(body: CreateJournalEntryBody, values: EntryFormValues, found: FoundCandidate[]) {
    const foundIds = await ensureFound(found);
    const identifierIds = [...new Set([...body.identifierIds, ...foundIds])];
    if (!entry) {
      const { caseId: _linkedAfterwards, performedAt, ...fields } = body;
      // Left at the minute the dialog opened with, "when" is now: the server's clock, to the
      // millisecond, so entries written one after another keep their order in the timeline.
      const asked = samePerformedAt(values.when, openedWhen) ? {} : { performedAt };
      const { linkError } = await create.mutateAsync({ ...fields, ...asked, identifierIds });
      if (linkError) {
        return {
          kind: 'warning',
          title: 'Entry saved, but not added to the case',
          subtitle: errorMessage(linkError, 'Linking it to the case failed. Please try again.'),
        } satisfies ToastInput;
      }
      return { kind: 'success', title: 'Entry added' } satisfies ToastInput;
    }
    await edit.mutateAsync({
      id: entry.id,
      body: changedFields(entry, body, values.when),
      evidence: { before: ids(entry.evidence), after: body.evidence ?? [] },
      identifiers: { before: entry.identifierIds, after: identifierIds },
      base: entry,
    });
    return { kind: 'success', title: 'Entry saved' } satisfies ToastInput;
  }

  async function run(body: CreateJournalEntryBody, values: EntryFormValues, found: FoundCandidate[]) {
    setIsSaving(true);
    try {
      return await save(body, values, found);
    } finally {
      setIsSaving(false);
    }
  }

  return { parse, run, isSaving };
}
