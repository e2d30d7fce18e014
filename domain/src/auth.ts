import { z } from 'zod';
import { ROLES } from './permissions';
import { requiredText } from './schema-helpers';
import { responseText, text } from './text';

export const roleSchema = z.enum(ROLES);

/** Limits shared by forms and the API. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const emailText = (required: boolean) =>
  text({ label: 'Email', max: EMAIL_MAX_LENGTH, required }).pipe(
    z.email({ message: 'Please enter a valid email address' }),
  );

/** An e-mail address in a field that may be left out by omitting it; an empty string is not valid. */
export const emailSchema = emailText(false);

/** An e-mail address that must be given: a blank one is "Email is required". */
export const requiredEmailSchema = emailText(true);

export const loginBodySchema = z.object({
  email: text({ label: 'Email', max: EMAIL_MAX_LENGTH, required: true }),
  password: text({ label: 'Password', max: PASSWORD_MAX_LENGTH, required: true, trim: false }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * Kept as typed (no trimming); null characters and unpaired surrogates are refused like any text.
 * The server also refuses a common or easily guessed password wherever one is set (its check's
 * dictionaries are too large for the web app, which shows the server's message on the field):
 * server/src/lib/password.ts.
 */
export const passwordSchema = text({ label: 'Password', max: PASSWORD_MAX_LENGTH, trim: false }).min(
  PASSWORD_MIN_LENGTH,
  `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
);

const nameSchema = (label: string) => requiredText(label, NAME_MAX_LENGTH);

/** The signed-in user, as answered by `GET /api/auth/me` and `POST /api/auth/login`. */
export const currentUserSchema = z
  .object({
    id: responseText(),
    firstName: responseText(),
    lastName: responseText(),
    email: responseText(),
    role: roleSchema,
    permissions: z.array(responseText()),
    originatorId: responseText().nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** A user account as administrators see it. */
export const userSchema = z
  .object({
    id: responseText(),
    email: responseText(),
    firstName: responseText(),
    lastName: responseText(),
    fullName: responseText(),
    role: roleSchema,
    disabled: z.boolean(),
    originatorId: responseText(),
    createdAt: responseText(),
    updatedAt: responseText(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const createUserBodySchema = z.object({
  email: requiredEmailSchema,
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
  currentPassword: text({
    label: 'Current password',
    max: PASSWORD_MAX_LENGTH,
    required: true,
    trim: false,
  }),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export { fullName } from './names';
