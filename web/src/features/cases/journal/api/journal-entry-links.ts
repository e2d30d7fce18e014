import { api } from '../../../../lib/api-client';

type LinkKind = 'evidence' | 'identifiers';

function linkPath(entryId: string, kind: LinkKind, id: string) {
  return `/journal-entries/${encodeURIComponent(entryId)}/${kind}/${encodeURIComponent(id)}`;
}

/** `POST /api/journal-entries/{id}/evidence/{evidenceId}` and `.../identifiers/{identifierId}`. */
export function linkToEntry(entryId: string, kind: LinkKind, id: string): Promise<unknown> {
  return api.post(linkPath(entryId, kind, id), {});
}

/** `DELETE /api/journal-entries/{id}/evidence/{evidenceId}` and `.../identifiers/{identifierId}`. */
export function unlinkFromEntry(entryId: string, kind: LinkKind, id: string): Promise<unknown> {
  return api.delete(linkPath(entryId, kind, id), {});
}

/** Links what was added and unlinks what was taken away, one call each, in order. */
export async function syncEntryLinks(entryId: string, kind: LinkKind, before: string[], after: string[]) {
  for (const id of after.filter((candidate) => !before.includes(candidate))) {
    await linkToEntry(entryId, kind, id);
  }
  for (const id of before.filter((candidate) => !after.includes(candidate))) {
    await unlinkFromEntry(entryId, kind, id);
  }
}
