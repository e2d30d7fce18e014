import { describe, expect, it } from 'vitest';
import { COMMUNITY_MEMBER } from '../../../test/community-members';
import { CASE, GROUP } from '../routes/cases-test-data';
import { caseFormValues, LOSS_AMOUNT_REQUIRED, parseCreateCase, parseUpdateCase } from './case-form-values';

describe('case form values', () => {
  it('starts a new case at medium priority with nothing else set', () => {
    expect(caseFormValues()).toEqual({
      title: '',
      description: '',
      priority: 'medium',
      scamType: '',
      groupId: '',
      assigneeIds: [],
      tagIds: [],
      lossAmount: '',
      lossCurrency: '',
      reportedBy: null,
    });
  });

  it('names the community member a new case is entered for, and no one when none is chosen', () => {
    const values = { ...caseFormValues(), title: 'Phoned in' };
    const own = parseCreateCase(values);
    expect(own.success && own.data.onBehalfOfOriginatorId).toBeUndefined();
    const reported = parseCreateCase({ ...values, reportedBy: COMMUNITY_MEMBER });
    expect(reported.success && reported.data.onBehalfOfOriginatorId).toBe(COMMUNITY_MEMBER.id);
  });

  it('has nothing to send when an edit changes nothing', () => {
    expect(parseUpdateCase(caseFormValues(CASE), CASE)).toEqual({ success: true, data: null });
  });

  it('sends a cleared loss as null and a new group by its id', () => {
    const values = { ...caseFormValues(CASE), lossAmount: '', lossCurrency: '', groupId: GROUP.id };
    expect(parseUpdateCase(values, CASE)).toEqual({
      success: true,
      data: { groupId: GROUP.id, reportedLoss: null },
    });
  });

  it('refuses a blank title on an edit, by the shared schema', () => {
    const parsed = parseUpdateCase({ ...caseFormValues(CASE), title: '   ' }, CASE);
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['title'], 'Title is required'],
      ]);
  });

  it("names the loss's fields apart, so each message shows on its own field", () => {
    const parsed = parseCreateCase({ ...caseFormValues(), title: 'x'.repeat(201), lossCurrency: 'USD' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['reportedLoss.amount'], LOSS_AMOUNT_REQUIRED],
        [['title'], 'Title is too long (at most 200 characters)'],
      ]);
    }
  });

  it('refuses a negative amount with the shared message', () => {
    const parsed = parseCreateCase({
      ...caseFormValues(),
      title: 'Loss',
      lossAmount: '-5',
      lossCurrency: 'USD',
    });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.issues.map((issue) => [issue.path, issue.message])).toEqual([
        [['reportedLoss.amount'], 'Reported loss must not be negative'],
      ]);
    }
  });
});
