import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * What the headers and the CSRF check read of the store's configuration: whether Stripe takes
 * payments, its public address and the other origins it trusts (the app passes its Config).
 */
export interface SiteSecurity {
  stripe?: object | undefined;
  auth: { publicUrl?: string | undefined; trustedOrigins: readonly string[] };
}

/** Stripe's own origins, allowed only when the store takes payments with Stripe. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * Security headers (OWASP ASVS level 2 where it applies): a strict Content-Security-Policy with no
 * inline script, no framing, no sniffing, a careful referrer policy, and HSTS once the store is
 * served over HTTPS. Inline styles stay allowed: the toast and chart libraries set style attributes.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: SiteSecurity) {
  const stripe = Boolean(config.stripe);
  const https = config.auth.publicUrl?.startsWith('https://') ?? false;
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? STRIPE.img : [])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
        'frame-src': stripe ? STRIPE.frame : ["'none'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets with these options, worked out once by @fastify/helmet itself on a
 * throwaway instance. They are the same for every answer (no CSP nonces), but the plugin rebuilds
 * helmet, parsing the CSP directives again, on every request: a sixth of the time of a cached
 * catalog answer (bench/README.md).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(''));
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !own.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/** Methods that only read; every other one may change something and is checked. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An identity provider's return (`POST /api/auth/callback/:id` for providers that answer with
 * form_post) comes from the provider's own site by design; the OAuth state proves it, not a cookie.
 * Matched on the path as WHATWG URL parsing leaves it, exactly as the auth route matches it.
 */
const PROVIDER_CALLBACK = /^\/api\/auth\/callback\/[A-Za-z0-9_-]{1,64}$/;

function isProviderCallback(url: string): boolean {
  try {
    return PROVIDER_CALLBACK.test(new URL(url, 'http://localhost').pathname);
  } catch {
    return false;
  }
}

/**
 * CSRF defence for cookie-authenticated changes: a browser always says where a request comes from
 * (Origin, or Sec-Fetch-Site), so a change whose origin is another site is refused. Requests with
 * no cookie (bearer-token API clients) carry no ambient authority and pass.
 *
 * The check does not look at the path at all: every request that may change something and carries
 * a cookie is checked, whatever route it reaches (better-auth's, uploads, pages). A check that chose
 * by the raw URL (`/api/...`) was skipped by spellings the router still routes (`/%61pi/...`), so
 * nothing about the spelling may decide it; only the identity provider's return is exempt.
 */
/** An origin as a browser writes it (`http://shop`, never `http://shop:80`); undefined if it is none. */
function normalOrigin(text: string): string | undefined {
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

export function registerCsrfCheck(app: FastifyInstance, config: SiteSecurity) {
  const trusted = new Set(config.auth.trustedOrigins);
  if (config.auth.publicUrl) trusted.add(new URL(config.auth.publicUrl).origin);
  const refused = () => new AppError('FORBIDDEN', 'This request came from another site and was refused');
  // A callback hook, not an async one: it runs on every request, and a promise each is measurable.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (SAFE.has(request.method) || !request.headers.cookie || isProviderCallback(request.url)) return done();
    const origin = request.headers.origin;
    if (origin) {
      const from = normalOrigin(origin);
      const own = normalOrigin(`${request.protocol}://${request.headers.host}`);
      return done(from && (from === own || trusted.has(from)) ? undefined : refused());
    }
    done(request.headers['sec-fetch-site'] === 'cross-site' ? refused() : undefined);
  });
}
