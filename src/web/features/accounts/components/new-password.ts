import { passwordField } from '@contract/accounts';
import { z } from 'zod';

/** A new password typed twice; the rule is the store's, the second copy catches a typo. */
export const NewPasswordFields = z
  .object({ newPassword: passwordField, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

/** What the auth calls answer, in words a person can act on. */
export function passwordFailure(error: { code?: string; message?: string; status?: number }): string {
  switch (error.code) {
    case 'INVALID_PASSWORD':
      return 'Your current password is not right.';
    case 'INVALID_TOKEN':
      return 'This reset link has expired or was already used. Ask for a new one.';
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return 'This account signs in with Google or single sign-on and has no password to change. Use "Forgot password?" on the login page to set one.';
    default:
      if (error.status === 429) return error.message ?? 'Too many attempts. Please wait and try again.';
      return error.message || 'Something went wrong. Please try again.';
  }
}
