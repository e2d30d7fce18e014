import { describe, expect, it } from 'vitest';
import { describeChanges, editConflictOf, ifMatchHeaders, rebaseIds, rebaseValues } from './edit-conflicts';
import { ApiError } from './api-error';

describe('edit conflicts', () => {
  it("moves a form onto the current version, keeping only the user's changes", () => {
    const base = { title: 'A', description: 'old', due: null as string | null };
    const current = { title: 'B', description: 'old', due: '2026-12-01' };
    const values = { title: 'A', description: 'mine', due: null };
    expect(rebaseValues(values, base, current)).toEqual({
      title: 'B',
      description: 'mine',
      due: '2026-12-01',
    });
  });

  it('adds to and takes from the current set what the user added and took away', () => {
    expect(rebaseIds(['a', 'c'], ['a', 'b'], ['a', 'b', 'd'])).toEqual(['a', 'd', 'c']);
  });

  it('names each field someone else changed with its value now', () => {
    const fields = [
      { label: 'Name', valueOf: (tag: { name: string; color: string }) => tag.name },
      { label: 'Colour', valueOf: (tag: { color: string }) => tag.color, show: () => 'Blue' },
    ];
    expect(describeChanges({ name: 'x', color: 'red' }, { name: '', color: 'blue' }, fields)).toEqual([
      'Name: none',
      'Colour: Blue',
    ]);
  });

  it('reads the current record from a 412 only', () => {
    expect(ifMatchHeaders({ updatedAt: '2026-11-20T12:00:00.250Z' })).toEqual({
      'If-Match': `"${Date.parse('2026-11-20T12:00:00.250Z')}"`,
    });
    const current = { id: '1' };
    const refused = new ApiError(412, 'PRECONDITION_FAILED', 'Changed', { current });
    expect(editConflictOf(refused)).toEqual(current);
    expect(editConflictOf(new ApiError(409, 'CONFLICT', 'Archived', { current }))).toBeUndefined();
  });
});
