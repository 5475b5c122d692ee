import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPage } from '../../../contract/pages';
import type { StoreInfo } from '../../../contract/store';
import { declareScopeAccess, preferredEncoding, textCompressor } from '../../kernel/http';
import { pageContentFor, siteOrigin, withPageContent } from './page-content';
import { escapeAttribute, pageMetaFor, pagePath, withPageMeta } from './page-meta';
import { pageScripts, preloadTags, readManifest } from './page-preloads';

/**
 * The built index.html with the store's own details written in, so the first paint already shows
 * the configured brand. A meta tag, not an inline script, keeps a strict CSP possible. The title
 * is the page's own (page-meta.ts).
 */
export function renderIndexHtml(template: string, store: StoreInfo): string {
  const meta = `<meta name="store-config" content="${escapeAttribute(JSON.stringify(store))}">`;
  // A replacer function, so a `$&` or `$'` in the store's details is written as it is, not as a pattern.
  return template.replace('<!-- store-config -->', () => meta);
}

/** The page's preload hints at the end of its head, after the entry script's own. */
const withPreloads = (html: string, hints: string[]) =>
  hints.length === 0 ? html : html.replace('</head>', () => `  ${hints.join('\n    ')}\n  </head>`);

/** A product's page and the catalog's carry what the database holds (page-meta.ts, page-content.ts). */
const readsCatalog = (request: FastifyRequest) => {
  const key = matchPage(pagePath(request.url))?.key;
  return key === 'product' || key === 'purchase' || key === 'tools';
};

/** Hashed build output never changes under its name, so browsers may keep it for a year. */
function cacheHeaders(distDir: string) {
  const assets = path.join(distDir, 'assets') + path.sep;
  return (reply: FastifyReply, filePath: string) => {
    const immutable = filePath.startsWith(assets);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  };
}

const wantsPage = (request: FastifyRequest) => {
  const pathName = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathName.startsWith('/api/') &&
    pathName !== '/api' &&
    (request.headers.accept ?? '').includes('text/html')
  );
};

/**
 * Serves the React app from `distDir` when it has been built: files as they are, and index.html
 * for any other page address so the client-side router can show the page (or its 404 card).
 * Returns a function that answers page requests, or undefined when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, storeInfo: () => StoreInfo) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No web build in ${distDir}: serving the API only (run "npm run build")`);
    return undefined;
  }
  const template = readFileSync(indexFile, 'utf8');
  // The store's details are the owner's settings: the page is written again when they change.
  let rendered = { store: storeInfo(), html: '' };
  rendered.html = renderIndexHtml(template, rendered.store);
  const pageFor = (store: StoreInfo) => {
    if (rendered.store !== store && JSON.stringify(rendered.store) !== JSON.stringify(store))
      rendered = { store, html: renderIndexHtml(template, store) };
    rendered.store = store;
    return rendered.html;
  };
  const scriptsFor = pageScripts(readManifest(distDir), rendered.html);
  const compress = textCompressor();
  // Finished pages that read nothing from the database (every page but a product's and the
  // catalog's), by everything they are made from: written once, sent as bytes after. Cleared
  // when the store's details change; bounded, since addresses come from whoever asks.
  const finished = new Map<string, Buffer | string>();
  let finishedFor = rendered.html;
  const MAX_FINISHED = 512;
  /**
   * index.html with the page's own title, description, link-preview tags, content for search
   * engines (page-content.ts) and preload hints, compressed if accepted.
   */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const store = storeInfo();
    const html = pageFor(store);
    const origin = siteOrigin(request, app.config.auth.publicUrl);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const signedIn = /session_token=/.test(request.headers.cookie ?? '');
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    if (finishedFor !== html) {
      finished.clear();
      finishedFor = html;
    }
    const key = readsCatalog(request) ? undefined : `${encoding}|${signedIn}|${origin}|${request.url}`;
    const known = key === undefined ? undefined : finished.get(key);
    if (known !== undefined) return reply.send(known);
    const [meta, content] = await Promise.all([
      pageMetaFor(request, app.db, store, app.config.auth.publicUrl),
      pageContentFor(request, app.db, store, origin),
    ]);
    const hints = preloadTags(scriptsFor, {
      pathName: pagePath(request.url),
      search: new URLSearchParams(request.url.split('?')[1] ?? ''),
      // better-auth's session cookie (`better-auth.session_token`, `__Secure-` prefixed behind
      // HTTPS). Only its presence: an expired one costs one early fetch the page then skips.
      signedIn,
      product: meta.product,
      listPicture: content.firstPicture,
    });
    const page = withPreloads(withPageContent(withPageMeta(html, meta, store.brand), content, origin), hints);
    const body = encoding ? compress(page, encoding) : page;
    if (key !== undefined) {
      if (finished.size >= MAX_FINISHED) finished.clear();
      finished.set(key, body);
    }
    return reply.send(body);
  };

  // The build's files: public, declared for the static plugin's routes in a scope of their own.
  await app.register(async (files) => {
    declareScopeAccess(files, 'public');
    await files.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (scripts/vite-precompress.mjs); the one the
      // browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: cacheHeaders(distDir),
      // index.html goes out only through sendIndex, with the store's details written in.
      // The build's manifest (.vite/) is for the server's preload hints, not for browsers.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
    });
  });
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
    sendIndex(request, reply),
  );
  return { wantsPage, sendIndex };
}
