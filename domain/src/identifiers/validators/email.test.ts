import { describe, expect, it } from 'vitest';
import { validateEmailSyntax } from './email';

describe('validateEmailSyntax', () => {
  it.each([
    'scam@example.com',
    'first.last+tag@mail.example.co.uk',
    "o'brien@example.org",
    'josé@exämple.de',
    'a@xn--80ak6aa92e.com',
  ])('passes %s', (address) => {
    expect(validateEmailSyntax(address).outcome).toBe('pass');
  });

  it.each([
    ['scam@example', 'Domain has no dot'],
    ['.scam@example.com', 'Local part has a character not allowed, or a leading, trailing or doubled dot'],
    ['sc..am@example.com', 'Local part has a character not allowed, or a leading, trailing or doubled dot'],
    ['scam(at)@example.com', 'Local part has a character not allowed, or a leading, trailing or doubled dot'],
    ['scam@-example.com', 'Domain has an invalid label'],
    ['scam@example..com', 'Domain has an invalid label'],
    ['scam@example.123', 'Top-level domain is not a name'],
    ['@example.com', 'Missing the local part or the @'],
    [`${'a'.repeat(65)}@example.com`, 'Local part longer than 64 characters'],
    [`a@${'b'.repeat(250)}.com`, 'Longer than 254 characters'],
  ])('fails %s: %s', (address, detail) => {
    expect(validateEmailSyntax(address)).toMatchObject({ name: 'email_syntax', outcome: 'fail', detail });
  });
});
