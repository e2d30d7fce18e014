import { describe, expect, it } from 'vitest';
import { removeLegacyTokens } from './legacy-tokens';

describe('legacy tokens', () => {
  it('removes stored tokens and leaves other keys alone', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('authToken', 'def');
    localStorage.setItem('accessToken', 'ghi');
    localStorage.setItem('theme', 'dark');
    removeLegacyTokens();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
