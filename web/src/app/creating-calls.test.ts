import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { createWrittenEvidence } from '../features/evidence/api/create-written-evidence';
import { uploadEvidenceFile } from '../features/evidence/api/upload-evidence';
import { createAutomation } from '../features/automations/api/create-automation';
import { linkCase } from '../features/cases/api/case-links';
import { createCase } from '../features/cases/api/create-case';
import { createJournalEntry } from '../features/cases/journal/api/journal-create-entry';
import { createExportStream } from '../features/export-streams/api/create-export-stream';
import { createGroup } from '../features/groups/api/create-group';
import { createIdentifier } from '../features/identifiers/api/create-identifier';
import { createTag } from '../features/tags/api/create-tag';
import { createCommunityMember } from '../features/community-members/api/create-community-member';
import { inviteTeamMember } from '../features/team-members/api/invite-team-member';

/**
 * The calls behind the create dialogs send an Idempotency-Key, so pressing Create again after a
 * network error answers the first result instead of creating a second record.
 */
const CREATING_CALLS: [string, () => Promise<unknown>][] = [
  ['a case', () => createCase({} as never)],
  ['a journal entry', () => createJournalEntry({} as never)],
  ['written evidence', () => createWrittenEvidence({} as never)],
  ['an evidence file', () => uploadEvidenceFile(new File(['x'], 'x.txt'), { tagIds: [] } as never)],
  ['an identifier', () => createIdentifier({} as never)],
  ['a case link', () => linkCase({ caseId: 'c1', body: {} as never })],
  ['a tag', () => createTag({} as never)],
  ['a group', () => createGroup({} as never)],
  ['an export stream', () => createExportStream({} as never)],
  ['a community member', () => createCommunityMember({} as never)],
  ['a team member', () => inviteTeamMember({} as never)],
  ['an automation', () => createAutomation({} as never)],
];

afterEach(() => vi.restoreAllMocks());

describe('creating calls', () => {
  it.each(CREATING_CALLS)('creating %s is idempotent', async (_, call) => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ id: 'x' });
    await call().catch(() => undefined);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][2]).toMatchObject({ idempotent: true });
  });
});
