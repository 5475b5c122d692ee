import { ErrorEnvelope } from '../../../contract/errors';

/** Documents the error envelope for the listed statuses in a route's OpenAPI responses. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorEnvelope> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelope]));
}
