import { z } from 'zod';
import { emailField, phoneField } from './fields';
import { accountRoles } from './roles';

/** The store's password rule: 6+ characters with a letter, a digit and one of @$!%*#?&. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&]).{6,}$/;
export const PASSWORD_MESSAGE = 'minimum 6 character, one letter, one number and one special character';
export const PASSWORD_MAX = 128;

export const passwordField = z
  .string({ error: 'Password is Required' })
  .min(1, 'Password is Required')
  .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or fewer`)
  .regex(PASSWORD_RULE, PASSWORD_MESSAGE);

export const NAME_MAX = 100;

/**
 * A profile photo is an http(s) link: a `javascript:` or `data:` "link" would be stored and put into
 * pages as it is. The same rule wherever a photo comes in (sign-up, account change, PUT /user).
 */
export const photoLink = z
  .url({ protocol: /^https?$/, error: 'The photo must be an http(s) link' })
  .max(2048);

export const SignInInput = z.object({ email: emailField, password: passwordField });
export type SignInInput = z.infer<typeof SignInInput>;

export const SignUpInput = z.object({
  name: z
    .string({ error: 'Name is Required' })
    .trim()
    .min(1, 'Name is Required')
    .max(NAME_MAX, `Name must be ${NAME_MAX} characters or fewer`),
  email: emailField,
  password: passwordField,
  image: photoLink.nullable().optional(),
});
export type SignUpInput = z.infer<typeof SignUpInput>;

/**
 * POST /api/auth/update-user (better-auth's own call): the name follows the sign-up rule and the
 * photo is a link or nothing. better-auth itself refuses fields a user may not set, such as `role`.
 */
export const AccountChangesInput = z.object({
  name: SignUpInput.shape.name.optional(),
  image: photoLink.nullable().optional(),
});

/** PUT /user/:email: what the spec's client sends after each sign-in; the email comes from the session. */
export const UserRecordInput = z.object({
  email: z.string().optional(),
  displayName: z.string().trim().min(1).max(NAME_MAX).optional(),
  photoURL: photoLink.optional().or(z.literal('')),
});
export type UserRecordInput = z.infer<typeof UserRecordInput>;

export const TokenAnswer = z.object({ token: z.string() });
/** The spec's `admin` (true for every staff role), and the account's role for the pages it may open. */
export const AdminAnswer = z.object({ admin: z.boolean(), role: z.enum(accountRoles) });
export type AdminAnswer = z.infer<typeof AdminAnswer>;
export const ModifiedCount = z.object({ modifiedCount: z.number().int() });

/** A row of the admin's Users page; `role` is 'admin' or absent (docs/requirements.md §3). */
export const UserListEntry = z.object({
  photoURL: z.string().nullable(),
  displayName: z.string(),
  email: z.string(),
  role: z.literal('admin').optional(),
});
export type UserListEntry = z.infer<typeof UserListEntry>;

export const ProfileInput = z.object({
  education: z
    .string({ error: 'Education status is Required' })
    .trim()
    .min(1, 'Education status is Required')
    .max(200, 'Education must be 200 characters or fewer'),
  address: z
    .string({ error: 'Write your Location correctly' })
    .trim()
    .min(1, 'Write your Location correctly')
    .max(300, 'Address must be 300 characters or fewer'),
  linkedin: z
    .string({ error: 'LinkedIn profile is required' })
    .trim()
    .min(1, 'LinkedIn profile is required')
    .max(300, 'LinkedIn profile must be 300 characters or fewer'),
  phone: phoneField,
});
export type ProfileInput = z.infer<typeof ProfileInput>;

/** A profile as GET /profile/:email answers it; fields are empty until the customer fills them in. */
export const Profile = z.object({
  email: z.string(),
  education: z.string(),
  address: z.string(),
  linkedin: z.string(),
  phone: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** Which sign-in providers this store has set up, so the pages never offer one that fails. */
export const AuthProviders = z.object({
  google: z.boolean(),
  oidc: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof AuthProviders>;

export const FAILED_TO_MAKE_ADMIN = 'Failed to make an admin!!!';

/**
 * The one answer to a sign-up when the store confirms addresses (REQUIRE_EMAIL_VERIFICATION),
 * whether or not the address already has an account.
 */
export const SIGN_UP_CONFIRM_MESSAGE =
  'Check your e-mail: we sent a link to confirm your address. Follow it to sign in.';

/** POST /api/auth/request-password-reset: the address a reset link is mailed to, if it has an account. */
export const PasswordResetRequestInput = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE =
  'If this email has an account, a link to reset its password is on its way. It works once, within an hour.';

/** POST /api/auth/reset-password: the token from the mailed link and the new password. */
export const PasswordResetInput = z.object({
  token: z.string({ error: 'The reset link is not valid' }).min(1, 'The reset link is not valid').max(200),
  newPassword: passwordField,
});
export type PasswordResetInput = z.infer<typeof PasswordResetInput>;

/** POST /api/auth/change-password: the other sessions always end (the server sets it). */
export const PasswordChangeInput = z.object({
  currentPassword: z
    .string({ error: 'Current password is Required' })
    .min(1, 'Current password is Required')
    .max(PASSWORD_MAX, `Password must be ${PASSWORD_MAX} characters or fewer`),
  newPassword: passwordField,
  revokeOtherSessions: z.boolean().optional(),
});
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** One signed-in device of the account, as the profile lists it; the token never leaves the server. */
export const SessionView = z.object({
  id: z.string(),
  /** Browser and system read from the user agent, e.g. "Firefox on Windows". */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When the session was last refreshed: close to when it was last used. */
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof SessionView>;
export const SessionList = z.object({ sessions: z.array(SessionView) });
export type SessionList = z.infer<typeof SessionList>;
export const SessionParams = z.object({ id: z.string().min(1).max(100) });
export const RevokedCount = z.object({ revoked: z.number().int() });
