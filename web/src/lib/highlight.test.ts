import { describe, expect, it } from 'vitest';
import { splitByOccurrences } from './highlight';

describe('splitByOccurrences', () => {
  it('finds every occurrence whatever its case, keeping the text as written', () => {
    expect(splitByOccurrences('Write to SCAM@example.org or scam@example.org.', 'scam@example.org')).toEqual([
      { text: 'Write to ', isMatch: false },
      { text: 'SCAM@example.org', isMatch: true },
      { text: ' or ', isMatch: false },
      { text: 'scam@example.org', isMatch: true },
      { text: '.', isMatch: false },
    ]);
  });

  it('takes the term literally, not as a pattern', () => {
    expect(splitByOccurrences('Call +1 (555) 123-4 or 1 5555 123', '+1 (555) 123-4')).toEqual([
      { text: 'Call ', isMatch: false },
      { text: '+1 (555) 123-4', isMatch: true },
      { text: ' or 1 5555 123', isMatch: false },
    ]);
  });

  it('leaves the text whole when the term is blank or absent', () => {
    expect(splitByOccurrences('Nothing here', '  ')).toEqual([{ text: 'Nothing here', isMatch: false }]);
    expect(splitByOccurrences('Nothing here', 'scam')).toEqual([{ text: 'Nothing here', isMatch: false }]);
    expect(splitByOccurrences('', 'scam')).toEqual([]);
  });
});
