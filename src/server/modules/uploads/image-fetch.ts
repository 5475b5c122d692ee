import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { UPLOAD_MAX_BYTES, type UploadAnswer } from '../../../contract/uploads';
import { AppError } from '../../kernel/errors';
import type { ImageStore } from './image-store';
import { storeProductImage } from './uploads.service';

/**
 * Product images added by their address (the editor's "by URL", a supplier file's image column):
 * fetched once by the store and kept as its own upload, so pages never load another site's files.
 * Only http(s); at most 5 MB; 10 s; three redirects. Addresses on the store's own network
 * (loopback, private, link-local) are refused unless allowed, checked on the address actually
 * connected to, so a name that resolves elsewhere later cannot slip through.
 */

const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

const privateRanges = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateRanges.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  privateRanges.addSubnet(net, bits, 'ipv6');
}

const isPrivate = (address: string) => {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? privateRanges.check(mapped, 'ipv4') : privateRanges.check(address, family);
};

const refused = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'url', message }]);

function download(url: URL, allowPrivate: boolean, redirects: number): Promise<Buffer> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(refused('Only http and https addresses can be fetched'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        timeout: TIMEOUT_MS,
        headers: { accept: 'image/*' },
        lookup: (hostname, options, callback) =>
          dnsLookup(hostname, { ...options, all: false }, (error, address, family) => {
            const where = address as unknown as string;
            if (!error && !allowPrivate && isPrivate(where)) {
              callback(refused(`${hostname} is on a private network`) as NodeJS.ErrnoException, '', 4);
              return;
            }
            callback(error, where as unknown as LookupAddress['address'], family);
          }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(refused('The address redirects too often'));
          // Another site's header: a throw here would happen in the socket's event, outside any
          // promise, and end the process (docs/decisions/072).
          let next: URL;
          try {
            next = new URL(response.headers.location, url);
          } catch {
            return reject(refused('The address redirects to something that is not a web address'));
          }
          return download(next, allowPrivate, redirects + 1).then(resolve, reject);
        }
        if (status !== 200) {
          response.resume();
          return reject(refused(`The address answered ${status}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > UPLOAD_MAX_BYTES) {
            request.destroy();
            reject(new AppError('PAYLOAD_TOO_LARGE', 'The image must be 5 MB or smaller'));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks)));
        // A host that breaks off mid-image is the address's fault, answered like any fetch that failed.
        response.on('error', () =>
          reject(refused('The image could not be fetched: the address stopped sending it part way')),
        );
      },
    );
    request.on('timeout', () => request.destroy(refused('The address did not answer in time')));
    request.on('error', (error) =>
      reject(error instanceof AppError ? error : refused(`The image could not be fetched: ${error.message}`)),
    );
  });
}

/** Fetches the image at `address` and stores it like an upload. */
export async function fetchProductImage(
  store: ImageStore,
  address: string,
  allowPrivate: boolean,
): Promise<UploadAnswer> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refused('That is not a web address');
  }
  if (
    !allowPrivate &&
    isIP(url.hostname.replace(/^\[|\]$/g, '')) &&
    isPrivate(url.hostname.replace(/^\[|\]$/g, ''))
  ) {
    throw refused(`${url.hostname} is on a private network`);
  }
  return storeProductImage(store, await download(url, allowPrivate, 0));
}
