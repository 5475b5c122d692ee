import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's browser client: the session lives in an HttpOnly cookie, so the page never holds
 * a token (DESIGN.md section 6); API clients get a bearer token from PUT /api/user/:email instead.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [adminClient()],
});
