import { describe, expect, it } from 'vitest';
import {
  createExportStreamBodySchema,
  EXPORT_STREAM_GROUPS_MAX,
  updateExportStreamBodySchema,
} from './export-streams';

const GROUP = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';

function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

describe("an export stream's groups", () => {
  it('are none unless chosen: the stream then carries the cases of no group only', () => {
    expect(createExportStreamBodySchema.parse({ name: 'Feed', topics: ['cases'] }).groupIds).toEqual([]);
  });

  it('are group ids, each once', () => {
    const body = { name: 'Feed', topics: ['cases'], groupIds: [GROUP, OTHER, GROUP] };
    expect(createExportStreamBodySchema.parse(body).groupIds).toEqual([GROUP, OTHER]);
    expect(updateExportStreamBodySchema.parse({ groupIds: [] })).toEqual({ groupIds: [] });
  });

  it('refuse what is not a list of ids, or too long a list, naming groupIds', () => {
    const tooMany = Array.from(
      { length: EXPORT_STREAM_GROUPS_MAX + 1 },
      (_, i) => `${String(i).padStart(8, '0')}-3333-4333-8333-333333333333`,
    );
    for (const [groupIds, field] of [
      [['all'], 'groupIds.0'],
      ['all', 'groupIds'],
      [null, 'groupIds'],
      [tooMany, 'groupIds'],
    ] as const) {
      const result = createExportStreamBodySchema.safeParse({ name: 'Feed', topics: ['cases'], groupIds });
      expect(fieldsOf(result), JSON.stringify(groupIds).slice(0, 40)).toEqual([field]);
    }
  });
});
