import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../../../contract/uploads';
import type { S3Config } from '../../kernel/config/config';
import { createTestApp, type TestApp } from '../../test/harness';
import { imageForm, isWebp, testImage } from '../../test/images';
import { UNKNOWN_ID } from '../../test/probes';
import { as, createAdminApp } from '../../test/store-flow';

const BUCKET = 'store-images';
let server: S3rver;
let s3Dir: string;
let uploadsDir: string;
let s3: S3Config;
/** Our own client, set up independently of the app's, to look into the bucket. */
let bucket: S3Client;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminApp>>['admin'];

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'store-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  s3 = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'uploads/',
  };
  bucket = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'store-uploads-unused-'));
  ({ t, admin } = await createAdminApp({ uploads: { dir: uploadsDir, s3, fetchPrivateAddresses: false } }));
});

afterAll(async () => {
  await t?.close();
  bucket?.destroy();
  await server?.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(uploadsDir, { recursive: true, force: true });
});

const objectBytes = async (key: string) => {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(
    await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
  );
};

const uploadPicture = async () => {
  const form = imageForm(await testImage('jpeg'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...as(admin), ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UploadAnswer;
};

describe('uploads in an S3-compatible bucket', () => {
  it('stores both widths in the bucket as intact WebP and writes nothing locally', async () => {
    const { data } = await uploadPicture();
    const id = /^\/uploads\/([0-9a-f-]{36})-960\.webp$/.exec(data.url)?.[1];
    expect(id).toBeDefined();

    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `uploads/${id}` }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([
      `uploads/${id}-480.webp`,
      `uploads/${id}-960.webp`,
    ]);
    for (const [width, height] of [
      [480, 320],
      [960, 640],
    ] as const) {
      // A streamed upload with default checksums is stored with aws-chunked framing around it:
      // it lists fine but is no longer a WebP file. Decoding it proves the bytes are intact.
      const bytes = await objectBytes(`uploads/${id}-${width}.webp`);
      expect(isWebp(bytes)).toBe(true);
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width, height });

      const served = await t.app.inject({ method: 'GET', url: `/uploads/${id}-${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it('answers 404 for an image the bucket does not have', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/uploads/${UNKNOWN_ID}-960.webp`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Image was not found' } });
  });

  it('lets another instance on the same bucket serve what this one stored', async () => {
    const { data } = await uploadPicture();
    const mine = await t.app.inject({ method: 'GET', url: data.url });
    const otherDir = mkdtempSync(path.join(tmpdir(), 'store-uploads-other-'));
    const other = await createTestApp({ uploads: { dir: otherDir, s3, fetchPrivateAddresses: false } });
    try {
      const theirs = await other.app.inject({ method: 'GET', url: data.url });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers['content-type']).toBe('image/webp');
      expect(isWebp(theirs.rawPayload)).toBe(true);
      expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
    } finally {
      await other.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
