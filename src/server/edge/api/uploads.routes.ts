import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UploadAnswer, UploadByUrl } from '../../../contract/uploads';
import { AppError } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import type { ImageStore } from '../../modules/uploads';
import { fetchProductImage, storeProductImage } from '../../modules/uploads';

const KEY = /^[0-9a-f-]{36}-\d+\.webp$/;

/**
 * The form parser's own errors carry no status: a form it cannot read (no boundary, cut short) is
 * the sender's mistake, answered 400 rather than 500. Errors with a status keep it.
 */
function unreadableForm(error: unknown): never {
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
  throw new AppError('VALIDATION_FAILED', 'The form could not be read', [
    { path: 'image', message: 'The form could not be read' },
  ]);
}

/** POST /api/uploads (admin, multipart field `image`) and GET /uploads/:key for everyone. */
export function uploadsRoutes(
  store: ImageStore,
  fetchPrivateAddresses = false,
): {
  api: FastifyPluginAsyncZod;
  files: FastifyPluginAsyncZod;
} {
  const api: FastifyPluginAsyncZod = async (app) => {
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      throwFileSizeLimit: true,
    });
    app.post(
      '/uploads',
      {
        config: { access: 'products.write' },
        bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['uploads'],
          summary:
            'Upload a product image (admin; multipart field "image"; JPEG, PNG, WebP or AVIF up to 5 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: UploadAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
        const file = await request.file().catch(unreadableForm);
        if (file?.fieldname !== 'image') {
          throw new AppError('VALIDATION_FAILED', 'Product image is required', [
            { path: 'image', message: 'Product image is required' },
          ]);
        }
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', 'The image must be 5 MB or smaller');
          }
          unreadableForm(error);
        }
        return storeProductImage(store, bytes);
      },
    );
  };

  const byAddress: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/uploads/by-url',
      {
        config: { access: 'products.write' },
        schema: {
          tags: ['uploads'],
          summary:
            'Add a product image by its address: the store fetches it and keeps it as an upload (admin)',
          body: UploadByUrl,
          response: { 200: UploadAnswer, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => fetchProductImage(store, request.body.url, fetchPrivateAddresses),
    );
  };

  const files: FastifyPluginAsyncZod = async (app) => {
    app.get(
      '/uploads/:key',
      {
        config: { access: 'public' },
        schema: { hide: true, params: z.object({ key: z.string().max(100) }) },
      },
      async (request, reply) => {
        const { key } = request.params;
        const bytes = KEY.test(key) ? await store.get(key) : undefined;
        if (!bytes) throw new AppError('NOT_FOUND', 'Image was not found');
        // Names never change content, so browsers and CDNs may keep them for a year.
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .type('image/webp')
          .send(bytes);
      },
    );
  };
  return {
    api: async (app, options) => {
      await api(app, options);
      await byAddress(app, options);
    },
    files,
  };
}
