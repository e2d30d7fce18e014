import { describe, expect, it } from 'vitest';
import { BEN, CASE, TAG } from '../routes/cases-test-data';
import { describeCaseChanges, rebaseCaseForm } from './case-form-conflict';
import { caseFormValues } from './case-form-values';

const OTHER_TAG = { id: '7b2e4f5a-2c3d-4e6f-9a01-b2c3d4e5f6a7', name: 'crypto', color: 'blue' as const };

describe('a case edit moved onto the version someone else saved', () => {
  it("keeps the user's changes and takes the rest, sets included, from the current case", () => {
    const current = {
      ...CASE,
      title: 'Renamed',
      tags: [...CASE.tags, OTHER_TAG],
      updatedAt: '2026-11-21T00:00:00.000Z',
    };
    const edited = {
      ...caseFormValues(CASE),
      priority: 'critical' as const,
      tagIds: [],
      assigneeIds: CASE.assignees.filter((user) => user.id !== BEN.id).map((user) => user.id),
    };
    const rebased = rebaseCaseForm(edited, CASE, current);
    expect(rebased.title).toBe('Renamed');
    expect(rebased.priority).toBe('critical');
    // The user took money-mule away; the colleague's crypto stays.
    expect(rebased.tagIds).toEqual([OTHER_TAG.id]);
    expect(rebased.assigneeIds).not.toContain(BEN.id);
    expect(describeCaseChanges(CASE, current)).toEqual(['Title: Renamed', `Tags: ${TAG.name}, crypto`]);
  });
});
