import type { JournalEntry } from '@scamtrail/domain/journal-entries';
import type { CaseTask } from '@scamtrail/domain/case-tasks';
import { describe, expect, it } from 'vitest';
import { describeTaskChanges } from '../../components/case-task-modal';
import { describeEntryChanges } from './entry-conflict';

describe("what another person changed, as the app writes dates (not the browser's locale)", () => {
  it("an entry's time: 'When: Nov 20, 2026, 11:11 AM'", () => {
    const base = { type: 'note', performedAt: new Date(2026, 10, 19, 9, 0).toISOString(), description: 'a' };
    const current = { ...base, performedAt: new Date(2026, 10, 20, 11, 11).toISOString() };
    expect(describeEntryChanges(base as JournalEntry, current as JournalEntry)).toEqual([
      'When: Nov 20, 2026, 11:11\u00a0AM',
    ]);
  });

  it("a task's due date: 'Due by: Nov 20, 2026'", () => {
    const base = { title: 'Call the bank', description: '', status: 'open', assignee: null, dueAt: null };
    const current = { ...base, dueAt: new Date(2026, 10, 20, 12, 0).toISOString() };
    expect(describeTaskChanges(base as unknown as CaseTask, current as unknown as CaseTask)).toEqual([
      'Due by: Nov 20, 2026',
    ]);
  });
});
