import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import type { z } from 'zod';
import {
  AccountChangesInput,
  PasswordChangeInput,
  PasswordResetInput,
  PasswordResetRequestInput,
  SignInInput,
  SignUpInput,
} from '../../../contract/accounts';
import type { AuthConfig } from '../config';
import type { Db } from '../db';
import { schema } from '../db';
import type { Outbox } from '../outbox';
import { publishEmailConfirmation, publishPasswordReset, publishSignUpRepeated } from './account-messages';
import { passwordHashing } from './password-hash';
import { revokeOlderResetLinks, revokeResetLinks } from './reset-links';

const RULES: Record<string, z.ZodType | undefined> = {
  '/sign-up/email': SignUpInput,
  '/sign-in/email': SignInInput,
  // better-auth checks only the field names here; a null or numeric name reached the database as a 500.
  '/update-user': AccountChangesInput,
  '/request-password-reset': PasswordResetRequestInput,
  // better-auth checks only the length of a new password; the store's rule asks for more.
  '/reset-password': PasswordResetInput,
  '/change-password': PasswordChangeInput,
};

/** How long a password reset link works: one hour, and once. */
export const RESET_TOKEN_SECONDS = 60 * 60;

/** How long a sign-up confirmation link works; signing in again mails a new one. */
export const CONFIRMATION_TOKEN_SECONDS = 60 * 60;

/**
 * The header carrying the client's address (as Fastify resolved it, TRUST_PROXY included) into
 * better-auth, which records it on each session. Set by auth-plugin.ts on every request it hands
 * over, replacing any a client sent; better-auth's default, X-Forwarded-For, would be whatever a
 * client wrote when no proxy stands in front.
 */
export const CLIENT_ADDRESS_HEADER = 'x-store-client-address';

/** Checks a sign-in, sign-up or account-change body with the same zod rules and messages as the web forms. */
function validate(path: string, body: unknown) {
  const rule = RULES[path];
  if (!rule) return;
  const result = rule.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_FAILED',
      message: issue?.message ?? 'The request is not valid',
      field: issue?.path.join('.'),
    });
  }
}

/** What a sign-up with an e-mail that already has an account is told: nothing about the account. */
export const SIGN_UP_REFUSED_MESSAGE =
  'This email cannot be used to sign up. If you have an account, log in instead.';

/**
 * better-auth answers a sign-up for a registered e-mail at once and by name ("User already exists"),
 * while a new one first spends a password hash: 10 ms against 200 ms told anyone which addresses
 * have accounts. A known address now costs the same hash and gets a message naming nothing.
 * (Its status still differs from a new account's, which signs in at once; closing that needs the
 * address confirmed by e-mail first: docs/decisions/015-production-settings-and-enumeration.md.)
 */
async function refuseKnownEmailAlike(ctx: {
  body?: unknown;
  context: {
    internalAdapter: { findUserByEmail(email: string): Promise<unknown> };
    password: { hash(password: string): Promise<string> };
  };
}) {
  const { email, password } = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
  if (typeof email !== 'string' || typeof password !== 'string') return;
  const found = (await ctx.context.internalAdapter.findUserByEmail(email.trim().toLowerCase())) as {
    user?: unknown;
  } | null;
  if (!found?.user) return;
  await ctx.context.password.hash(password);
  throw new APIError('UNPROCESSABLE_ENTITY', { code: 'SIGN_UP_REFUSED', message: SIGN_UP_REFUSED_MESSAGE });
}

/**
 * better-auth with our tables: email and password, Google and any OIDC provider when configured,
 * bearer tokens for API clients (the spec's accessToken), and the admin plugin's role field.
 */
/** Where better-auth's own messages go (the app's logger), with failed queries' values left out. */
export type AuthLog = (
  level: 'debug' | 'info' | 'warn' | 'error',
  message: string,
  details: unknown[],
) => void;

/** What the rest of the store hands better-auth when the app is built. */
export interface AuthOptions {
  /** The app's outbox, for the mails better-auth asks for (account-messages.ts). */
  outbox: Outbox;
  log?: AuthLog;
  /**
   * An account's address was confirmed, or a confirmed account signed in: what the store does then
   * (app.ts passes the orders module's claim of the guest orders placed with that address).
   */
  onAccountConfirmed?: (userId: string) => Promise<unknown>;
}

export function createAuth(db: Db, config: AuthConfig, secret: string, options: AuthOptions) {
  const { outbox, log } = options;
  const confirmed = async (userId: string) => void (await options.onAccountConfirmed?.(userId));
  const adminEmails = new Set(config.adminEmails);
  // Kept for its `role` field: 'user' for customers, or a staff role (modules/accounts/roles.service.ts),
  // set only by ADMIN_EMAILS, the owner's role controls and the CLI. Its own idea of an admin role
  // grants nothing: every endpoint of the plugin is disabled below.
  const adminPlugin = admin({ defaultRole: 'user', adminRoles: ['admin'] });
  return betterAuth({
    appName: 'Torque Works',
    secret,
    basePath: '/api/auth',
    baseURL: config.publicUrl ?? {
      // Without PUBLIC_URL the store answers on whatever local address it was reached by.
      allowedHosts: ['localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*', '[::1]:*'],
      protocol: 'http',
    },
    trustedOrigins: config.trustedOrigins,
    // None of the admin plugin's endpoints is a power the store gives anyone:
    // impersonation, bans, set-role (which could demote other admins), passwords, removing or
    // creating accounts. better-auth answers them 404; auth.api calls in our code are unaffected.
    // The route in auth-plugin.ts lets through only the endpoints the store uses, so this is the
    // second lock (docs/decisions/008-auth-endpoints-the-store-uses.md).
    disabledPaths: Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path),
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // REQUIRE_EMAIL_VERIFICATION: no sign-in before the mailed link is followed, and a sign-up
      // for a known address is answered like a new one (better-auth's own generic answer; the
      // store then sends both the same body, auth-plugin.ts).
      requireEmailVerification: config.requireEmailVerification,
      password: passwordHashing(config.passwordHashCost),
      ...(config.requireEmailVerification
        ? {
            onExistingUserSignUp: async ({ user }: { user: { id: string } }) =>
              publishSignUpRepeated(db, outbox, user.id),
          }
        : {}),
      // The link goes out as a mail through the outbox (account-messages.ts): the request
      // only writes a row, so a known address answers about as fast as an unknown one.
      sendResetPassword: async ({ user, token }) => {
        const expiresAt = new Date(Date.now() + RESET_TOKEN_SECONDS * 1000);
        // A newer link ends the older ones: only the last one asked for works.
        await revokeOlderResetLinks(db, user.id, token);
        await publishPasswordReset(db, outbox, secret, { userId: user.id, token, expiresAt });
      },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // better-auth consumes the link used; every other one of the account ends with it.
      onPasswordReset: async ({ user }) => revokeResetLinks(db, user.id),
      // Whoever may have known the old password is signed out everywhere.
      revokeSessionsOnPasswordReset: true,
    },
    ...(config.requireEmailVerification
      ? {
          emailVerification: {
            sendOnSignUp: true,
            // A sign-in before the address is confirmed (the right password) mails a new link.
            sendOnSignIn: true,
            autoSignInAfterVerification: true,
            expiresIn: CONFIRMATION_TOKEN_SECONDS,
            // Through the outbox like the reset link (account-messages.ts); better-auth's
            // own `url` is built from the request's host, so the mail builds its link itself.
            sendVerificationEmail: async ({ user, token }: { user: { id: string }; token: string }) =>
              publishEmailConfirmation(db, outbox, secret, { userId: user.id, token }),
          },
        }
      : {}),
    verification: {
      // Reset tokens are kept as hashes: a copy of the verification table opens no account.
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: 'select_account',
          },
        }
      : {},
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders: ['google', ...(config.oidc ? [config.oidc.providerId] : [])],
      },
    },
    // Our own limiter (auth-rate-limit.ts) counts per IP and per account across the auth routes.
    rateLimit: { enabled: false },
    plugins: [
      bearer(),
      adminPlugin,
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: config.oidc.providerId,
                  name: config.oidc.name,
                  discoveryUrl: config.oidc.discoveryUrl,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // Emails are kept lower-case so every comparison is case-insensitive; ADMIN_EMAILS
          // names the store's owners (README: first admin).
          before: async (user) => {
            const email = user.email.toLowerCase();
            return { data: { ...user, email, role: adminEmails.has(email) ? 'owner' : 'user' } };
          },
        },
        // The address was just confirmed (the mailed link): its guest orders join the account.
        update: { after: async (user) => confirmed(user.id) },
      },
      // A confirmed account signing in (a provider that vouches for the address creates one so)
      // takes the guest orders placed with its address since (decision 059).
      session: { create: { after: async (session) => confirmed(session.userId) } },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        validate(ctx.path, ctx.body);
        // With confirmation by mail, better-auth answers a known address like a new one itself.
        if (ctx.path === '/sign-up/email' && !config.requireEmailVerification)
          await refuseKnownEmailAlike(ctx);
        // A new password always ends the account's other sessions, whatever the caller asked for.
        if (ctx.path === '/change-password')
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A changed password ends every reset link mailed before it.
        const changedBy = ctx.context.session?.user.id;
        if (ctx.path === '/change-password' && changedBy && !(ctx.context.returned instanceof Error))
          await revokeResetLinks(db, changedBy);
      }),
    },
    logger: {
      disabled: process.env.NODE_ENV === 'test',
      ...(log ? { log: (level, message, ...args: unknown[]) => log(level, message, args) } : {}),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
