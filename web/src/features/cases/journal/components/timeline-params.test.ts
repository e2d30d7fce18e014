import { describe, expect, it } from 'vitest';
import { readTimelineParams, writeTimelineParams } from './timeline-params';

const read = (query: string) => readTimelineParams(new URLSearchParams(query));

describe('timeline URL state', () => {
  it('reads its own parameters and falls back to defaults for unknown or malformed ones', () => {
    expect(
      read(
        'journalType=call&journalHasEvidence=true&journalShowRemoved=true&journalPage=3&journalPageSize=50',
      ),
    ).toEqual({
      search: '',
      type: 'call',
      hasEvidence: true,
      showRemoved: true,
      page: 3,
      pageSize: 50,
    });
    expect(read('journalType=fax&journalHasEvidence=yes&journalPage=-1&journalPageSize=7')).toEqual({
      search: '',
      type: '',
      hasEvidence: false,
      showRemoved: false,
      page: 1,
      pageSize: 25,
    });
  });

  it('goes back to page 1 when a filter changes, leaves defaults out and keeps the page’s other parameters', () => {
    const current = new URLSearchParams('tab=timeline&journalPage=4');
    expect(writeTimelineParams(current, { showRemoved: true }).toString()).toBe(
      'tab=timeline&journalShowRemoved=true',
    );
    expect(writeTimelineParams(current, { page: 5 }).toString()).toBe('tab=timeline&journalPage=5');
    expect(writeTimelineParams(new URLSearchParams('journalType=call'), { type: '' }).toString()).toBe('');
  });

  it('keeps a search trimmed, and leaves a blank one out', () => {
    expect(read('journalSearch=%20western%20union%20').search).toBe('western union');
    const current = new URLSearchParams('journalPage=3');
    expect(writeTimelineParams(current, { search: ' wire ' }).toString()).toBe('journalSearch=wire');
    expect(writeTimelineParams(new URLSearchParams('journalSearch=wire'), { search: '  ' }).toString()).toBe(
      '',
    );
  });
});
