import { describe, expect, it } from 'vitest';
import { createTagBodySchema, describeTagUsage } from './tags';

describe('tag usage wording', () => {
  it.each([
    [{ identifiers: 2, cases: 1, evidence: 0 }, '2 identifiers and 1 case'],
    [{ identifiers: 1, cases: 0, evidence: 0 }, '1 identifier'],
    [{ identifiers: 0, cases: 3, evidence: 1 }, '3 cases and 1 evidence item'],
    [{ identifiers: 1, cases: 2, evidence: 5 }, '1 identifier, 2 cases and 5 evidence items'],
    [{ identifiers: 0, cases: 0, evidence: 0 }, 'nothing'],
  ])('%j reads "%s"', (usage, text) => {
    expect(describeTagUsage(usage)).toBe(text);
  });
});

describe('tag form', () => {
  it('defaults the colour to gray and refuses colours Carbon does not have', () => {
    expect(createTagBodySchema.parse({ name: 'Urgent' })).toEqual({
      name: 'Urgent',
      color: 'gray',
      description: '',
    });
    expect(createTagBodySchema.safeParse({ name: 'Urgent', color: 'warm-gray' }).success).toBe(true);
    expect(createTagBodySchema.safeParse({ name: 'Urgent', color: 'chartreuse' }).success).toBe(false);
  });
});
