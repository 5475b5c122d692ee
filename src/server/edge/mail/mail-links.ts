/**
 * Every link in every mail is built here, absolute: a mail program has no page to resolve a
 * relative link against, so `/reset-password?token=…` opened nothing. The base is the store's
 * public address (PUBLIC_URL), else the address the store listens on (`http://localhost:3000`),
 * never a request's Host, which whoever sends the request writes.
 */

/** Where links in mails point, asked each time a mail is written (the port is known once listening). */
export type SiteUrl = () => string;

/** The mail's absolute link to `path` (a path of the web app, query included). */
export const linkTo = (ctx: { siteUrl: SiteUrl }, path: string) => new URL(path, ctx.siteUrl()).toString();

/** Hosts that mean "every interface": a mail program reaches them as localhost. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The address the store listens on, as a browser on the same machine opens it: the bound port
 * (PORT=0 picks one) once listening, the configured one before.
 */
export function listeningUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}
