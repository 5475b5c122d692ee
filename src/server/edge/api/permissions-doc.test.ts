import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountRole, may, type RouteAccess } from '../../../contract/roles';
import { startFakeStripe } from '../../test/fake-stripe';
import { createTestApp } from '../../test/harness';

/**
 * docs/permissions.md, the permission table of the docs, is made from the routes the store
 * registers and the access each declares in its options: this test fails when the file is not
 * what the routes say, and `UPDATE_PERMISSIONS_DOC=1` with the same command writes it again.
 * Built with everything a store can have: the web build, the API docs' pages and Stripe.
 */

const DOC = path.resolve(__dirname, '../../../../docs/permissions.md');
const ROLES: AccountRole[] = ['customer', 'staff', 'manager', 'owner'];

function mayCall(access: RouteAccess, role: AccountRole | undefined): boolean {
  if (access === 'public') return true;
  if (role === undefined) return false;
  return access === 'signedIn' || may(role, access);
}

function permissionsDoc(declared: ReadonlyMap<string, RouteAccess>): string {
  const routes = [...declared].sort(([a], [b]) => {
    const [ma = '', ua = ''] = a.split(' ');
    const [mb = '', ub = ''] = b.split(' ');
    return ua.localeCompare(ub) || ma.localeCompare(mb);
  });
  const mark = (yes: boolean) => (yes ? 'yes' : '');
  return [
    '# Who may call each route',
    '',
    'Made from the routes the store registers and the access each declares in its own options',
    '(`config.access`: `public`, `signedIn`, or a permission of `src/contract/roles.ts`; decision 088).',
    'Do not edit by hand: `src/server/edge/api/permissions-doc.test.ts` fails when this file is out of',
    'date, and `UPDATE_PERMISSIONS_DOC=1` with the same test writes it again. `signedIn` routes act on',
    "the caller's own things: the service finds nothing of anyone else's.",
    '',
    '| Route | Access | Anyone | Customer | Staff | Manager | Owner |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...routes.map(
      ([key, access]) =>
        `| \`${key}\` | \`${access}\` | ${[undefined, ...ROLES].map((role) => mark(mayCall(access, role))).join(' | ')} |`,
    ),
    '',
  ].join('\n');
}

let declared: Map<string, RouteAccess>;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'store-permissions-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const fake = await startFakeStripe();
  try {
    const t = await createTestApp({
      webDistDir: webRoot,
      apiDocs: true,
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        apiUrl: fake.url,
      },
    });
    declared = t.app.routeAccess();
    await t.close();
  } finally {
    await fake.close();
    rmSync(webRoot, { recursive: true, force: true });
  }
});

describe('docs/permissions.md', () => {
  it('is the table the registered routes declare', () => {
    const made = permissionsDoc(declared);
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') writeFileSync(DOC, made);
    expect(readFileSync(DOC, 'utf8')).toBe(made);
  });
});
