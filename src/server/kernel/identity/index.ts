import type { ModuleDescriptor } from '../jobs';

/**
 * better-auth writes its own tables; the store's one key of its own, the auth secret
 * (auth-secret.ts), lives in `store_settings`. Roles are the accounts module's to change.
 */
export const identityModule: ModuleDescriptor = {
  name: 'kernel/identity',
  tables: ['user', 'session', 'account', 'verification', 'store_settings'],
};

export { type Auth, type AuthLog, createAuth } from './auth';
export { mayShowToken, registerAuth } from './auth-plugin';
export { resolveAuthSecret } from './auth-secret';
export { type SessionUser, signedIn } from './session-user';
