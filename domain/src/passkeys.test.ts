import { describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX_LENGTH, registerPasskeyBodySchema, renamePasskeyBodySchema } from './passkeys';

const nameMessages = (name: unknown) =>
  renamePasskeyBodySchema.safeParse({ name }).error?.issues.map((issue) => issue.message) ?? [];

describe('passkey name', () => {
  it('words its errors like every other form: "Name is required"', () => {
    expect(nameMessages('   ')).toEqual(['Name is required']);
    expect(nameMessages('Work\u0000laptop')).toEqual(['Name must not contain null characters']);
    expect(nameMessages('x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1))).toEqual([
      `Name is too long (at most ${PASSKEY_NAME_MAX_LENGTH} characters)`,
    ]);
  });

  it('is held to the same rules when a passkey is added', () => {
    const parsed = registerPasskeyBodySchema.safeParse({ name: '', response: {} });
    const nameIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'name');
    expect(nameIssue?.message).toBe('Name is required');
  });
});
