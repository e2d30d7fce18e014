import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { evidenceKeys, invalidateAfterEvidenceAdded } from './evidence-keys';

describe('after evidence was added', () => {
  it('refreshes the evidence lists and the cases (last activity, evidence counts), not an item’s custody', async () => {
    const client = new QueryClient();
    const keys = {
      list: evidenceKeys.list({ page: 1 }),
      caseDetail: ['cases', 'detail', 'c1'],
      caseList: ['cases', 'list', { page: 1 }],
      custody: evidenceKeys.custody('e1', 1),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { some: 'data' });
    await invalidateAfterEvidenceAdded(client);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(keys.list)).toBe(true);
    expect(invalidated(keys.caseDetail)).toBe(true);
    expect(invalidated(keys.caseList)).toBe(true);
    expect(invalidated(keys.custody)).toBe(false);
  });
});
