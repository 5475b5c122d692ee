import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../kernel/config';

/** Where processed product images live. Keys are names the server made (`<uuid>-<width>.webp`). */
export interface ImageStore {
  kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such image. */
  get(key: string): Promise<Buffer | undefined>;
}

export function localImageStore(dir: string): ImageStore {
  return {
    kind: 'local',
    async put(key, body) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, key), body, { flag: 'wx' });
    },
    async get(key) {
      try {
        return await readFile(path.join(dir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/**
 * Any S3-compatible bucket (AWS, MinIO, R2...), shared by every instance. Path-style addressing and
 * checksums only when required keep it working with non-AWS servers. The AWS SDK is loaded with
 * the first image put or read, not with every process (decision 069).
 */
export function s3ImageStore(config: S3Config): ImageStore {
  const keyOf = (key: string) => `${config.prefix}${key}`;
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () => {
    loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, config) }));
    return loaded;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }),
        );
        const bytes = await answer.Body?.transformToByteArray();
        return bytes ? Buffer.from(bytes) : undefined;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          return undefined;
        throw error;
      }
    },
  };
}

function s3Client(sdk: typeof import('@aws-sdk/client-s3'), config: S3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: Boolean(config.endpoint),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
}
