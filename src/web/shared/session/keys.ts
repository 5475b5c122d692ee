import { accountRoot } from '@web/lib/query-keys';

/** The session and who the signed-in person is to the store; `all` is dropped at sign-out. */
export const sessionKeys = {
  all: accountRoot,
  session: ['session'] as const,
  admin: (email: string) => [...accountRoot, 'admin', email] as const,
};
