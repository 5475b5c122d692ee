import { z } from 'zod';
import { SignInInput, SignUpInput } from '../../contract/accounts';
import type { JsonSchema, Operation } from './openapi-operations';

/**
 * Calls the OpenAPI document leaves out (`schema.hide`) but a client can still make: better-auth's
 * endpoints behind /api/auth/* that take a password or change an account (and one it must refuse),
 * and the uploaded image files. The fuzzer adds them to the documented operations so they get the same treatment.
 */

const schemaOf = (type: z.ZodType) => z.toJSONSchema(type, { io: 'input' }) as JsonSchema;

const operation = (
  method: Operation['method'],
  path: string,
  parts: Partial<Pick<Operation, 'pathParams' | 'body'>> = {},
): Operation => ({ method, path, pathParams: {}, query: {}, requiredQuery: [], body: undefined, ...parts });

export const hiddenOperations: Operation[] = [
  operation('POST', '/api/auth/sign-up/email', { body: schemaOf(SignUpInput) }),
  operation('POST', '/api/auth/sign-in/email', { body: schemaOf(SignInInput) }),
  // What better-auth lets a signed-in user change about themselves; `role` must never be one of them.
  operation('POST', '/api/auth/update-user', {
    body: { type: 'object', properties: { name: { type: 'string' }, image: { type: 'string' } } },
  }),
  // The admin plugin's role change: refused (404) to everyone, admins too (docs/decisions/008);
  // fuzzed so malformed calls to it are refused the same way, never reaching better-auth.
  operation('POST', '/api/auth/admin/set-role', {
    body: {
      type: 'object',
      properties: { userId: { type: 'string' }, role: { type: 'string', enum: ['user', 'admin'] } },
      required: ['userId', 'role'],
    },
  }),
  operation('GET', '/api/auth/get-session'),
  operation('GET', '/uploads/{key}', { pathParams: { key: { type: 'string', maxLength: 100 } } }),
];
