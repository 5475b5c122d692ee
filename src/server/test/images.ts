import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A plain orange picture in the given format, carrying EXIF a store must never pass on. */
export async function testImage(
  format: TestImageFormat,
  { width = 1200, height = 800 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#f97316' } });
  const withExif = image.withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } });
  return withExif[format]().toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid black-and-white PNG of the given size. Written by hand because sharp takes
 * seconds to encode 100 megapixels, while these few kilobytes of deflated zeros take milliseconds.
 */
export function bigPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body for `app.inject`, built by hand as a browser would send it. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----TorqueWorksBoundary${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    pieces.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The usual upload: one file in the `image` field. */
export const imageForm = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') =>
  multipartBody([{ name: 'image', filename, contentType, data }]);

/** True when the bytes are a WebP file (RIFF....WEBP). */
export const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
