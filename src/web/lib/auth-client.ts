import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's browser client: the session lives in an HttpOnly cookie, so the page never holds
 * a token; API clients get a bearer token from PUT /api/user/:email instead.
 * No admin plugin client: the server refuses better-auth's admin endpoints (docs/decisions/008);
 * admins use the store's own calls.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
});
