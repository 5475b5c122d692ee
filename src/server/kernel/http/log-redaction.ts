import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: a password reset or e-mail confirmation token, an OAuth
 * authorization code, an API key. Whoever reads the logs must not be able to use them.
 */
const SECRET_PARAMETERS = new Set(['token', 'code', 'key', 'state', 'secret', 'password']);

const REDACTED = '[redacted]';

/**
 * The URL as it may be logged: each secret query parameter's value replaced, whatever its case or
 * encoding (`?Token=`, `?%74oken=`), everything else left as the client sent it.
 */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(parameterName(rawName)) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * What the log says about each request: Fastify's default fields, with the URL's secret query
 * parameters redacted (a reset link's `token` used to be written into every request line).
 */
export function requestLogLine(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
