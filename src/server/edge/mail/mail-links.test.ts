import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailList, MailView } from '../../../contract/mail';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, payOrder, placeOrder } from '../../test/store-flow';
import { listeningUrl } from './mail-links';

/**
 * Every link in every mail is absolute, so a mail program can open it: PUBLIC_URL when set, else
 * the address the store listens on, never the Host of the request that caused the mail. Without
 * PUBLIC_URL, mails used to carry bare paths (`/reset-password?token=…`) that opened nothing.
 */

const logs: string[] = [];
let t: TestApp;
let admin: TestSession;
let customer: TestSession;
let origin: string;

beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'store-mail-links-'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  ({ t, admin } = await createAdminApp({
    webDistDir: web,
    logLevel: 'warn',
    logStream: { write: (line: string) => void logs.push(line) },
  }));
  await t.app.listen({ port: 0, host: '0.0.0.0' });
  const address = t.app.server.address();
  origin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  customer = await signUp(t.app);
});
afterAll(() => t?.close());

const mailbox = async () => {
  await t.app.jobs.drain();
  const list = (await t.app.inject({ url: '/api/manage/mails', headers: as(admin) })).json() as MailList;
  return Promise.all(
    list.mails.map(
      async (m) =>
        (await t.app.inject({ url: `/api/manage/mails/${m.id}`, headers: as(admin) })).json() as MailView,
    ),
  );
};

const linksIn = (text: string) => [...text.matchAll(/: (\S+:\/\/\S+|\/\S+)$/gm)].map((m) => m[1] as string);

describe('links in mails without PUBLIC_URL', () => {
  it('warns at start where mail links point', () => {
    const warning = logs
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((l) => l.level === 40);
    expect(warning?.msg).toBe(`PUBLIC_URL is not set: links in mails point to ${origin}`);
  });

  it('every mail’s links are absolute, on the listening address, whatever Host a request named', async () => {
    const product = await insertProduct(t.database.db, {
      priceCents: 1500,
      availableQuantity: 50,
      minimumOrderQuantity: 1,
    });
    const placed = await placeOrder(t.app, customer, product.id, 1);
    await payOrder(t.app, customer, placed._id);
    await placeOrder(t.app, customer, product.id, 1);
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host: 'evil.example' },
      payload: { email: 'visitor@example.com', name: 'Vi', message: 'Hello' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: customer.email },
    });

    const mails = await mailbox();
    const subjects = mails.map((m) => m.subject).join('\n');
    for (const kind of [
      'waiting for payment',
      'your receipt',
      'new paid order',
      'a new message in the Inbox',
      'reset your password',
    ])
      expect(subjects).toContain(kind);
    const links = mails.flatMap((m) => linksIn(m.text));
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
    for (const m of mails) {
      expect(m.html).not.toContain('evil.example');
      expect(m.html).not.toMatch(/href="\//);
    }
  });

  it('each link opens a page of the store, over HTTP, as a mail program would', async () => {
    const links = (await mailbox()).flatMap((m) => linksIn(m.text));
    for (const link of links) {
      const res = await fetch(link, { headers: { accept: 'text/html' }, redirect: 'manual' });
      expect(res.status, link).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('names the address the store listens on', () => {
    expect(listeningUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listeningUrl('::', 8080)).toBe('http://localhost:8080');
    expect(listeningUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(listeningUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});
