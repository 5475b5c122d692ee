import { createHash } from 'node:crypto';
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { verification } from '../db';

/**
 * Outstanding password reset links of an account. better-auth keeps each link as a `verification`
 * row whose value is the account's id and whose identifier is the SHA-256 of
 * `reset-password:<token>` (auth.ts keeps reset tokens hashed); no other row the store uses holds a
 * bare user id as its value (OAuth state rows hold JSON).
 */

/** The identifier better-auth stores for a reset token (its "hashed" storage: SHA-256, base64url). */
export const storedResetIdentifier = (token: string) =>
  createHash('sha256').update(`reset-password:${token}`).digest('base64url');

/**
 * Ends every reset link of the account: after a password change or a completed reset, a link
 * mailed earlier must not set the password again.
 */
export async function revokeResetLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.value, userId));
}

/**
 * Ends every reset link of the account issued no later than the one just made (`token`): of ten
 * links asked for, only the newest works. Links made after it (a request racing this one) stay.
 */
export async function revokeOlderResetLinks(db: Db, userId: string, token: string): Promise<void> {
  const identifier = storedResetIdentifier(token);
  const issuedAt = sql`(select ${verification.createdAt} from ${verification} where ${verification.identifier} = ${identifier})`;
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        ne(verification.identifier, identifier),
        lte(verification.createdAt, issuedAt),
      ),
    );
}
