import { z } from 'zod';
import { ROLES } from './permissions';

export const roleSchema = z.enum(ROLES);

/** Limits shared by forms and the API. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'Please enter a valid email address' }));

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(EMAIL_MAX_LENGTH),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

const nameSchema = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(NAME_MAX_LENGTH, `${label} is too long`);

/** The signed-in user, as answered by `GET /api/auth/me` and `POST /api/auth/login`. */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  permissions: z.array(z.string()),
  originatorId: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A user account as administrators see it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  originatorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const createUserBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  role: roleSchema,
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z
  .object({
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    role: roleSchema,
    disabled: z.boolean(),
    password: passwordSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** `POST /api/auth/password`: the signed-in user changes their own password. */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
}
