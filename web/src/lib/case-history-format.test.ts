import { describe, expect, it } from 'vitest';
import { EMPTY_CELL } from './format';
import { describeAction, describeActor, describeChanges, formatHistoryValue } from './case-history-format';

const event = (action: string, before: unknown, after: unknown) => ({ action, before, after });

describe('case history in words', () => {
  it('names a status move for what it did', () => {
    expect(describeAction(event('case.updated', { status: 'open' }, { status: 'closed' }))).toBe(
      'Closed the case',
    );
    expect(describeAction(event('case.updated', { status: 'closed' }, { status: 'open' }))).toBe(
      'Reopened the case',
    );
    expect(describeAction(event('case.updated', { status: 'open' }, { status: 'archived' }))).toBe(
      'Archived the case',
    );
    expect(describeAction(event('case.updated', { status: 'open' }, { status: 'in_progress' }))).toBe(
      'Changed the status to In progress',
    );
    expect(describeAction(event('case.updated', { title: 'a' }, { title: 'b' }))).toBe('Updated the case');
    expect(describeAction(event('case.closed', { status: 'open' }, { status: 'closed' }))).toBe(
      'Closed the case',
    );
    expect(describeAction(event('case.status_changed', { status: 'in_progress' }, { status: 'open' }))).toBe(
      'Changed the status to Open',
    );
  });

  it('names the identifier linked to or unlinked from evidence', () => {
    const detail = { identifierId: 'a1', identifierType: 'social_media', displayValue: 'Instagram @lisa' };
    const linked = event('evidence.identifier_linked', null, detail);
    expect(describeAction(linked)).toBe('Linked an identifier to evidence');
    expect(describeChanges(linked)).toEqual([
      { field: 'displayValue', label: 'Identifier', after: 'Instagram @lisa' },
    ]);
    const unlinked = event('evidence.identifier_unlinked', detail, null);
    expect(describeAction(unlinked)).toBe('Unlinked an identifier from evidence');
    expect(describeChanges(unlinked)).toEqual([
      { field: 'displayValue', label: 'Identifier', after: 'Instagram @lisa' },
    ]);
    expect(describeAction(event('journal_entry.signed', null, null))).toBe('Signed a journal entry');
  });

  it('shows a removed entry by what it was and why, not as a flag that moved', () => {
    const removed = event(
      'journal_entry.nullified',
      { isNullified: false },
      { isNullified: true, type: 'call', description: 'Called the bank', reason: 'Wrong case' },
    );
    expect(describeAction(removed)).toBe('Removed a journal entry');
    expect(describeChanges(removed)).toEqual([
      { field: 'type', label: 'Type', after: 'Call' },
      { field: 'description', label: 'Description', after: 'Called the bank' },
      { field: 'reason', label: 'Reason', after: 'Wrong case' },
    ]);
    // A row written before entries were named in it still shows its reason.
    const older = event(
      'journal_entry.nullified',
      { isNullified: false },
      { isNullified: true, reason: 'Dup' },
    );
    expect(describeChanges(older)).toEqual([{ field: 'reason', label: 'Reason', after: 'Dup' }]);
  });

  it('reads an unknown action from its subject and verb', () => {
    expect(describeAction(event('evidence.hash_verified', null, null))).toBe('Evidence: hash verified');
  });

  it('lists what an update changed, before and after, with labels and money in its currency', () => {
    const changes = describeChanges({
      before: { status: 'open', priority: 'low', reportedLoss: null, updatedAt: '2026-01-01', title: 'Same' },
      after: {
        status: 'in_progress',
        priority: 'critical',
        reportedLoss: { amount: 80, currency: 'EUR' },
        updatedAt: '2026-01-02',
        title: 'Same',
      },
    });
    expect(changes.map(({ label, before, after }) => `${label}: ${before} -> ${after}`)).toEqual([
      'Status: Open -> In progress',
      'Priority: Low -> Critical',
      'Reported loss: — -> €80.00',
    ]);
  });

  it('shows the main fields of a record created', () => {
    const changes = describeChanges({
      before: null,
      after: { type: 'call', description: 'Called the bank', id: 'x' },
    });
    expect(changes.map(({ label, after }) => `${label}: ${after}`)).toEqual([
      'Type: Call',
      'Description: Called the bank',
    ]);
  });

  it("names the case's group, assignees and tags when the page knows them, and counts the others", () => {
    const names = new Map([
      ['g1', 'Fraud desk'],
      ['u1', 'Grace Hopper'],
      ['t1', 'phishing'],
      ['t2', 'urgent'],
    ]);
    const changes = describeChanges(
      {
        before: { groupId: null, assigneeIds: ['u9'], tagIds: ['t1', 't2'] },
        after: { groupId: 'g1', assigneeIds: ['u1', 'u9', 'u8'], tagIds: [] },
      },
      names,
    );
    expect(changes.map(({ label, before, after }) => `${label}: ${before} -> ${after}`)).toEqual([
      'Group: Everyone -> Fraud desk',
      'Assignees: 1 person -> Grace Hopper and 2 other people',
      'Tags: phishing, urgent -> —',
    ]);
  });

  it('shows the case a duplicate repeats as a case, never as its id', () => {
    const changes = describeChanges({
      before: { resolution: null, duplicateOfId: null },
      after: { resolution: 'duplicate', duplicateOfId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f' },
    });
    expect(changes.map(({ label, before, after }) => `${label}: ${before} -> ${after}`)).toEqual([
      'Resolution: — -> Duplicate',
      'Duplicate of: — -> A case',
    ]);
  });

  it('shows a case linked or unlinked as the case and the note, never as its id', () => {
    const detail = { linkedCaseId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f', note: 'Same mule account' };
    const linked = event('case.linked', null, detail);
    expect(describeAction(linked)).toBe('Linked a case');
    expect(describeChanges(linked)).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: 'A case' },
      { field: 'note', label: 'Note', after: 'Same mule account' },
    ]);
    const unlinked = event('case.unlinked', detail, null);
    expect(describeAction(unlinked)).toBe('Unlinked a case');
    expect(describeChanges(unlinked)).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: 'A case' },
      { field: 'note', label: 'Note', after: 'Same mule account' },
    ]);
    // A link without a note shows the case alone; one the page can name shows by its name.
    const names = new Map([[detail.linkedCaseId, '#7 Fake investment platform']]);
    expect(describeChanges(event('case.linked', null, { ...detail, note: '' }), names)).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: '#7 Fake investment platform' },
    ]);
  });

  it('names the task a task row is about, its status in words, what changed only', () => {
    const task = { taskId: 't1', taskTitle: 'Call Acme Bank' };
    const added = event('case.task_added', null, {
      ...task,
      description: 'Ask for the freeze',
      taskStatus: 'todo',
      assigneeId: null,
      dueAt: null,
    });
    expect(describeAction(added)).toBe('Added a task');
    expect(describeChanges(added)).toEqual([
      { field: 'taskTitle', label: 'Task', after: 'Call Acme Bank' },
      { field: 'description', label: 'Description', after: 'Ask for the freeze' },
    ]);
    const done = event(
      'case.task_updated',
      { ...task, taskStatus: 'in_progress' },
      { ...task, taskStatus: 'done' },
    );
    expect(describeAction(done)).toBe('Updated the task “Call Acme Bank”');
    expect(describeChanges(done)).toEqual([
      { field: 'taskStatus', label: 'Status', before: 'In progress', after: 'Done' },
    ]);
    const assigned = event('case.task_updated', { ...task, assigneeId: null }, { ...task, assigneeId: 'u1' });
    expect(describeChanges(assigned, new Map([['u1', 'Ada Okafor']]))).toEqual([
      { field: 'assigneeId', label: 'Assignee', before: '—', after: 'Ada Okafor' },
    ]);
    expect(describeChanges(assigned)[0].after).toBe('A person');
    expect(describeAction(event('case.task_removed', task, null))).toBe('Removed a task');
  });

  it('names an API key as such', () => {
    expect(describeActor({ kind: 'api_key', name: 'Inbox scanner', apiKeyId: 'k1' })).toEqual({
      name: 'Inbox scanner',
      kind: 'API key',
    });
  });
});

describe('records the server names', () => {
  const caseId = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

  it('names a linked case, a duplicated case and linked evidence by the names the event carries', () => {
    const linked = {
      ...event('case.linked', null, { linkedCaseId: caseId, note: 'Same mule' }),
      names: { [caseId]: '#12 Fake crypto exchange' },
    };
    expect(describeChanges(linked)).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: '#12 Fake crypto exchange' },
      { field: 'note', label: 'Note', after: 'Same mule' },
    ]);
    const closed = {
      ...event(
        'case.closed',
        { status: 'open', duplicateOfId: null },
        { status: 'closed', duplicateOfId: caseId },
      ),
      names: { [caseId]: '#12 Fake crypto exchange' },
    };
    expect(describeChanges(closed).find((c) => c.field === 'duplicateOfId')?.after).toBe(
      '#12 Fake crypto exchange',
    );
    const evidence = {
      ...event('journal_entry.evidence_linked', null, { evidenceId: 'e1' }),
      names: { e1: 'Wallet screenshot' },
    };
    expect(describeChanges(evidence)).toEqual([
      { field: 'evidenceId', label: 'Evidence', after: 'Wallet screenshot' },
    ]);
    // The event's names come first; the page's still name what the event does not.
    expect(describeChanges({ ...evidence, names: {} }, new Map([['e1', 'Known']]))[0].after).toBe('Known');
    expect(describeChanges({ ...evidence, names: {} })[0].after).toBe('An evidence item');
  });

  it('names a former group, people taken off the case and a task’s assignee by the event’s names', () => {
    const moved = {
      ...event(
        'case.updated',
        { groupId: 'g1', assigneeIds: ['u1', 'u2'], tagIds: ['t1'] },
        { groupId: 'g2', assigneeIds: ['u1'], tagIds: [] },
      ),
      names: { g1: 'Fraud desk', g2: 'Mule team', u1: 'Ada Okafor', u2: 'Ben Ito', t1: 'Mule account' },
    };
    expect(
      describeChanges(moved).map(({ label, before, after }) => `${label}: ${before} -> ${after}`),
    ).toEqual([
      'Group: Fraud desk -> Mule team',
      'Assignees: Ada Okafor, Ben Ito -> Ada Okafor',
      'Tags: Mule account -> —',
    ]);
    const task = {
      ...event('case.task_added', null, { taskTitle: 'Call the bank', assigneeId: 'u2' }),
      names: { u2: 'Ben Ito' },
    };
    expect(
      describeChanges({
        ...task,
        action: 'case.task_updated',
        before: { assigneeId: null },
        after: { assigneeId: 'u2' },
      }),
    ).toEqual([{ field: 'assigneeId', label: 'Assignee', before: '—', after: 'Ben Ito' }]);
  });

  it('names an identifier linked to an entry, and an entry’s evidence and identifiers', () => {
    const linked = {
      ...event('journal_entry.identifier_linked', null, { identifierId: 'i1' }),
      names: { i1: '+44 20 7946 0958' },
    };
    expect(describeChanges(linked)).toEqual([
      { field: 'identifierId', label: 'Identifier', after: '+44 20 7946 0958' },
    ]);
    expect(
      describeChanges(
        event('journal_entry.identifier_unlinked', { identifierId: { hidden: 'identifier' } }, null),
      ),
    ).toEqual([{ field: 'identifierId', label: 'Identifier', after: 'An identifier you cannot see' }]);
    const created = {
      ...event('journal_entry.created', null, {
        type: 'call',
        description: 'Called the bank',
        evidenceIds: ['e1', { hidden: 'evidence' }],
        identifierIds: [],
      }),
      names: { e1: 'Wallet screenshot' },
    };
    expect(describeChanges(created)).toEqual([
      { field: 'type', label: 'Type', after: 'Call' },
      { field: 'description', label: 'Description', after: 'Called the bank' },
      { field: 'evidenceIds', label: 'Evidence', after: 'Wallet screenshot and 1 item you cannot see' },
    ]);
  });
});

describe('an entry joining the case', () => {
  it('shows what the entry says, not a change from no case', () => {
    const changes = describeChanges({
      before: { caseId: null },
      after: {
        caseId: 'c1',
        type: 'call',
        description: 'Called the bank',
        performedAt: '2026-01-02T10:00:00Z',
      },
    });
    expect(changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Type', undefined, 'Call'],
      ['Description', undefined, 'Called the bank'],
    ]);
  });
});

describe('records the reader may not see', () => {
  const hiddenCase = { hidden: 'case' };

  it('names a linked case they may not see as such, without a note', () => {
    const linked = event('case.linked', null, { linkedCaseId: hiddenCase });
    expect(describeAction(linked)).toBe('Linked a case you cannot see');
    expect(describeAction(event('case.unlinked', { linkedCaseId: hiddenCase }, null))).toBe(
      'Unlinked a case you cannot see',
    );
    expect(describeAction(event('case.linked', null, { linkedCaseId: 'c2', note: 'Same' }))).toBe(
      'Linked a case',
    );
    expect(describeChanges(linked)).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: 'A case you cannot see' },
    ]);
    // One they may see still reads with its note.
    expect(describeChanges(event('case.unlinked', { linkedCaseId: 'c2', note: 'Same mule' }, null))).toEqual([
      { field: 'linkedCaseId', label: 'Linked case', after: 'A case' },
      { field: 'note', label: 'Note', after: 'Same mule' },
    ]);
  });

  it('says so for the case a duplicate repeats, evidence linked to an entry and an entry’s evidence', () => {
    const closed = event(
      'case.closed',
      { status: 'open', duplicateOfId: null },
      { status: 'closed', duplicateOfId: hiddenCase },
    );
    expect(describeChanges(closed).find((c) => c.field === 'duplicateOfId')).toEqual({
      field: 'duplicateOfId',
      label: 'Duplicate of',
      before: EMPTY_CELL,
      after: 'A case you cannot see',
    });
    expect(
      describeChanges(event('journal_entry.evidence_linked', null, { evidenceId: { hidden: 'evidence' } })),
    ).toEqual([{ field: 'evidenceId', label: 'Evidence', after: 'Evidence you cannot see' }]);
    expect(formatHistoryValue('evidenceIds', ['e1', { hidden: 'evidence' }, { hidden: 'evidence' }])).toBe(
      '1 item and 2 items you cannot see',
    );
    expect(formatHistoryValue('evidenceIds', [{ hidden: 'evidence' }])).toBe('1 item you cannot see');
  });

  it('names evidence that moved on to a case they may not see, and where it went', () => {
    const unlinked = {
      action: 'evidence.unlinked',
      subjectType: 'evidence',
      subjectId: null,
      before: { caseId: 'c1' },
      after: { caseId: hiddenCase },
    };
    expect(describeAction(unlinked)).toBe('Unlinked evidence');
    expect(describeChanges(unlinked)).toEqual([
      { field: 'subject', label: 'Evidence', after: 'Evidence you cannot see' },
    ]);
    // A subject they may see adds nothing.
    expect(describeChanges({ ...unlinked, subjectId: 'e1', after: { caseId: 'c2' } })).toEqual([]);
  });
});
