/** "First Last", skipping a missing part. Kept free of schemas so the shell can use it without zod. */
export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}
