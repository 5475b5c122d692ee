import { randomUUID } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { UPLOAD_TYPES, UPLOAD_WIDTHS, type UploadAnswer } from '../../../contract/uploads';
import { AppError } from '../../kernel/errors';
import type { ImageStore } from './image-store';

/** Refuse images larger than this many pixels before decoding them (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Takes an uploaded file as bytes and stores it as WebP in each width: the real type is read from
 * its magic bytes (the name and the browser's word count for nothing), it is decoded and re-encoded
 * by sharp (which drops EXIF/GPS metadata and anything hidden in the file), and named by us.
 */
export async function storeProductImage(store: ImageStore, bytes: Buffer): Promise<UploadAnswer> {
  // sharp (libvips) and file-type are loaded with the first image, not with every process (decision 069).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(UPLOAD_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG, WebP or AVIF image');
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' }).metadata();
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The image could not be read: it may be damaged or too large', [
      { path: 'image', message: 'The image could not be read' },
    ]);
  }
  if (!meta.width || !meta.height) throw new AppError('VALIDATION_FAILED', 'The image has no size');

  const id = randomUUID();
  const outputs: { url: string; width: number; height: number }[] = [];
  for (const target of UPLOAD_WIDTHS) {
    let encoded: { data: Buffer; info: OutputInfo };
    try {
      encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
        .rotate() // apply the camera's orientation before the metadata goes
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The image could not be read: it may be damaged', [
        { path: 'image', message: 'The image could not be read' },
      ]);
    }
    const key = `${id}-${target}.webp`;
    await store.put(key, encoded.data, 'image/webp');
    outputs.push({ url: `/uploads/${key}`, width: encoded.info.width, height: encoded.info.height });
  }
  const largest = outputs[outputs.length - 1];
  if (!largest) throw new Error('no output');
  return {
    success: true,
    data: {
      url: largest.url,
      srcset: outputs.map((o, i) => `${o.url} ${UPLOAD_WIDTHS[i]}w`).join(', '),
      width: largest.width,
      height: largest.height,
    },
  };
}
