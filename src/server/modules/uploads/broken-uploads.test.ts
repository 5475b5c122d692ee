import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { testConfig } from '../../test/harness';
import { imageForm, testImage } from '../../test/images';
import type { TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

/**
 * Uploads that go wrong on the way (docs/decisions/072): a form cut short or malformed, an upload
 * whose sender hangs up, an image address whose host redirects to nonsense or stops mid-image.
 * Each is answered (or, for the sender who left, simply ended), nothing is stored, and the store
 * answers on. Before, a broken redirect threw inside the socket's event and ended the process.
 */

let t: TestApp;
let admin: TestSession;
let host: Server;
let hostUrl: string;
let storeUrl: string;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp({
    uploads: { ...testConfig().uploads, fetchPrivateAddresses: true },
  }));
  storeUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const png = await testImage('png', { width: 40, height: 40 });
  // A supplier's image host, as badly behaved as they come.
  host = createServer((request, response) => {
    if (request.url === '/broken-redirect')
      response.writeHead(302, { location: 'http://[not-an-address' }).end();
    else if (request.url === '/cut-short') {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length * 4) });
      response.write(png.subarray(0, 100), () => response.destroy());
    } else if (request.url === '/noise')
      response.writeHead(200, { 'content-type': 'image/png' }).end('not a picture at all');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  host.close();
  await t.close();
});

const stored = async () => (await readdir(t.app.config.uploads.dir).catch(() => [])).sort();
const healthz = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

describe('a form the parser cannot read', () => {
  it('answers each with 400, stores nothing, and answers on', async () => {
    const form = imageForm(await testImage('jpeg'));
    const boundary = /boundary=(.*)$/.exec(form.headers['content-type'])?.[1] ?? '';
    const whole = form.payload;
    const broken: Array<[string, Buffer]> = [
      ['without its closing boundary', whole.subarray(0, whole.length - boundary.length - 6)],
      ['cut in the middle of the file', whole.subarray(0, Math.floor(whole.length / 2))],
      [
        'with bytes after the end',
        Buffer.concat([whole.subarray(0, whole.length - 4), Buffer.from('\r\nnoise')]),
      ],
    ];
    for (const [label, payload] of broken) {
      const before = await stored();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...as(admin), 'content-type': form.headers['content-type'] },
        payload,
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().error.code, label).toBe('VALIDATION_FAILED');
      expect(await stored(), label).toEqual(before);
      expect(await healthz()).toBe(200);
    }
  });
});

describe('an upload whose sender hangs up', () => {
  it('ends without storing anything, and the store answers on', async () => {
    const before = await stored();
    const form = imageForm(await testImage('jpeg'));
    const { port } = new URL(storeUrl);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        const head = [
          'POST /api/uploads HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Origin: ${storeUrl}`,
          `Cookie: ${admin.cookie}`,
          `Content-Type: ${form.headers['content-type']}`,
          `Content-Length: ${form.payload.length}`,
          '',
          '',
        ].join('\r\n');
        socket.write(
          Buffer.concat([Buffer.from(head), form.payload.subarray(0, form.payload.length / 2)]),
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on('error', reject);
    });
    expect((await fetch(`${storeUrl}/healthz`)).status).toBe(200);
    expect(await stored()).toEqual(before);
  });
});

describe('an image by its address', () => {
  it.each([
    [
      'redirects to something that is not an address',
      '/broken-redirect',
      400,
      'The address redirects to something that is not a web address',
    ],
    [
      'stops sending part way',
      '/cut-short',
      400,
      'The image could not be fetched: the address stopped sending it part way',
    ],
    ['answers with no picture', '/noise', 415, 'Upload a JPEG, PNG, WebP or AVIF image'],
  ])('whose host %s is refused, and the store answers on', async (_label, path, status, message) => {
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/by-url',
      headers: as(admin),
      payload: { url: `${hostUrl}${path}` },
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await stored()).toEqual(before);
    expect(await healthz()).toBe(200);
  });
});
