import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, type UploadAnswer } from '../../../contract/uploads';
import { MAX_INPUT_PIXELS } from '../../modules/uploads/uploads.service';
import type { TestApp } from '../../test/harness';
import { bigPng, imageForm, isWebp, multipartBody, type TestImageFormat, testImage } from '../../test/images';
import { UNKNOWN_ID } from '../../test/probes';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp } from '../../test/store-flow';

let t: TestApp;
let admin: TestSession;
let customer: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const storedFiles = async () => (await readdir(t.app.config.uploads.dir)).sort();

/** POST /api/uploads as the admin unless told otherwise (`null`: anonymous). */
const upload = (form: ReturnType<typeof multipartBody>, session: TestSession | null = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...as(session ?? undefined), ...form.headers },
    payload: form.payload,
  });

const UPLOAD_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-960\.webp$/;

describe('POST /api/uploads (admin)', () => {
  it.each([
    ['jpeg', 'photo.jpg', 'image/jpeg'],
    ['png', 'photo.png', 'image/png'],
    ['webp', 'photo.webp', 'image/webp'],
    ['avif', 'photo.avif', 'image/avif'],
  ] as const)('stores a %s as WebP at 480 and 960 wide, without its metadata', async (format, name, type) => {
    const original = await testImage(format as TestImageFormat);
    // The test picture really carries EXIF, so its absence below means the server stripped it.
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(imageForm(original, name, type));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as UploadAnswer;
    expect(answer.success).toBe(true);
    expect(answer.data.url).toMatch(UPLOAD_URL);
    const base = answer.data.url.replace(/-960\.webp$/, '');
    expect(answer.data.srcset).toBe(`${base}-480.webp 480w, ${base}-960.webp 960w`);
    expect(answer.data).toMatchObject({ width: 960, height: 640 });

    for (const [width, height] of [
      [480, 320],
      [960, 640],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: `${base}-${width}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(file.headers['cache-control']).toContain('max-age=31536000');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const bytes = file.rawPayload;
      expect(isWebp(bytes)).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
  });

  it('never enlarges a small picture', async () => {
    const small = await testImage('png', { width: 300, height: 200 });
    const res = await upload(imageForm(small, 'small.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as UploadAnswer;
    expect(answer.data).toMatchObject({ width: 300, height: 200 });
    const base = answer.data.url.replace(/-960\.webp$/, '');
    expect(answer.data.srcset).toBe(`${base}-480.webp 480w, ${base}-960.webp 960w`);
    for (const width of [480, 960]) {
      const file = await t.app.inject({ method: 'GET', url: `${base}-${width}.webp` });
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
    }
  });

  it('names each upload itself, whatever the file was called', async () => {
    const res = await upload(imageForm(await testImage('jpeg'), '../../etc/evil.jpg.php'));
    expect(res.statusCode).toBe(200);
    const { url } = (res.json() as UploadAnswer).data;
    expect(url).toMatch(UPLOAD_URL);
    const files = await storedFiles();
    expect(files).toContain(url.replace('/uploads/', ''));
    expect(files.every((f) => /^[0-9a-f-]{36}-(480|960)\.webp$/.test(f))).toBe(true);
  });
});

describe('POST /api/uploads refusals', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';

  const refusals: Array<[string, () => Promise<ReturnType<typeof multipartBody>>, number, string]> = [
    [
      'a text file named .png and sent as image/png',
      async () => imageForm(Buffer.from('just some text, not a picture\n'), 'fake.png', 'image/png'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an SVG with a script',
      async () => imageForm(Buffer.from(svg), 'logo.svg', 'image/svg+xml'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an SVG with a script sent as image/png',
      async () => imageForm(Buffer.from(svg), 'logo.png', 'image/png'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a GIF',
      async () => imageForm(await testImage('gif', { width: 100, height: 100 }), 'anim.gif', 'image/gif'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a file over 5 MB',
      async () => {
        const jpeg = await testImage('jpeg');
        return imageForm(Buffer.concat([jpeg, randomBytes(UPLOAD_MAX_BYTES + 1024 - jpeg.length)]));
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await testImage('jpeg');
        return imageForm(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
      },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a picture over the pixel cap',
      async () => {
        const png = bigPng(10_000, 10_000);
        expect(10_000 * 10_000).toBeGreaterThan(MAX_INPUT_PIXELS);
        expect(png.length).toBeLessThan(UPLOAD_MAX_BYTES);
        return imageForm(png, 'bomb.png', 'image/png');
      },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a file in another field',
      async () =>
        multipartBody([
          { name: 'photo', filename: 'a.jpg', contentType: 'image/jpeg', data: await testImage('jpeg') },
        ]),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a form without any file',
      async () => multipartBody([{ name: 'image', data: 'not a file' }]),
      400,
      'VALIDATION_FAILED',
    ],
  ];

  it.each(refusals)('refuses %s and stores nothing', async (_label, makeForm, status, code) => {
    const form = await makeForm();
    const before = await storedFiles();
    const res = await upload(form);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await storedFiles()).toEqual(before);
  });

  it('says which field is missing', async () => {
    const res = await upload(multipartBody([{ name: 'caption', data: 'no picture' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Product image is required',
        issues: [{ path: 'image', message: 'Product image is required' }],
      },
    });
  });

  it.each([
    ['JSON', 'application/json', JSON.stringify({ image: 'https://evil.example/x.png' })],
    ['plain text', 'text/plain', 'hello'],
    ['raw bytes', 'application/octet-stream', 'x'],
  ])('refuses a %s body with the error envelope', async (_label, contentType, payload) => {
    const before = await storedFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...as(admin), 'content-type': contentType },
      payload,
    });
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json().error.code).toMatch(/^(UNSUPPORTED_MEDIA_TYPE|VALIDATION_FAILED)$/);
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['a customer', () => customer, 403, 'FORBIDDEN'],
    ['an anonymous caller', () => null, 401, 'UNAUTHENTICATED'],
  ])('refuses %s and stores nothing', async (_label, who, status, code) => {
    const before = await storedFiles();
    const res = await upload(imageForm(await testImage('jpeg')), who());
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('GET /uploads/:key', () => {
  it.each([
    ['a path out of the folder', '..%2F..%2Fetc%2Fpasswd'],
    ['a doubly encoded path out of the folder', '..%252F..%252Fetc%252Fpasswd'],
    ['a name the server never makes', 'x.webp'],
    ['an unknown upload', `${UNKNOWN_ID}-960.webp`],
    ['another extension', `${UNKNOWN_ID}-960.png`],
  ])('answers 404 with the error envelope for %s', async (_label, key) => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Image was not found' } });
  });
});
