// Writing an engine answer to a node:http response: `ETag` and 304 for answers a cache may keep,
// brotli or gzip by `Accept-Encoding` (at once for the usual answer, on libuv's thread pool for a
// large one, so the event loop never waits long on compression; the compressed bytes of recent
// cacheable answers are kept), `Vary:
// Accept-Encoding`, and the length of what is sent.
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { EngineResponse } from '../engine-types';
import { addVary, chooseEncoding, noneMatch, type ContentCoding } from './negotiate';

/** Bodies smaller than this go out as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;

const COMPRESSIBLE = /^(?:application\/(?:json|javascript)|text\/)/i;

/**
 * A strong entity tag of a body: 120 bits of its SHA-1 (of its UTF-8 bytes), base64url (cheap next
 * to the answer itself). A string is hashed as it is: no copy of its bytes is made first.
 */
export function entityTag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
}

/**
 * Compressed bodies of recent answers by entity tag and coding, so a popular answer is compressed
 * once, not on every request: at most 8 MB, least recently used dropped first.
 */
const COMPRESSED_CACHE_BYTES = 8 * 1024 * 1024;
const compressed = new Map<string, Buffer>();
let compressedBytes = 0;

function remember(key: string, out: Buffer): void {
  if (out.length > COMPRESSED_CACHE_BYTES / 8) return;
  const old = compressed.get(key);
  if (old) compressedBytes -= old.length;
  compressed.delete(key);
  compressed.set(key, out);
  compressedBytes += out.length;
  for (const [k, v] of compressed) {
    if (compressedBytes <= COMPRESSED_CACHE_BYTES) break;
    compressed.delete(k);
    compressedBytes -= v.length;
  }
}

function recall(key: string): Buffer | undefined {
  const out = compressed.get(key);
  if (out) {
    compressed.delete(key);
    compressed.set(key, out);
  }
  return out;
}

/**
 * Brotli quality: 5 is about 10% smaller than gzip -6 on engine answers at less CPU (4 is larger
 * than gzip; 7 and up cost several times more; 11, the default, about 50x).
 */
export const BROTLI_QUALITY = 5;

/**
 * Bodies up to this size are compressed at once on the event loop; larger ones on libuv's thread
 * pool. Handing a body to the pool is no saving for the loop below it: the stream machinery and
 * the per-chunk callbacks cost the loop about what compressing does (0.6-0.8 ms of loop time per
 * 46 KB answer either way, measured on the load bench's answers), and the pool's threads add
 * about 40% more CPU on top, taken from the other workers on a small machine. Above it (a page of
 * 250 products), the pool's chunks let other requests in between: no turn of the loop spends
 * more than about 2 ms compressing.
 */
export const SYNC_COMPRESS_BYTES = 128 * 1024;

function compress(coding: Exclude<ContentCoding, 'identity'>, body: string, bytes: number, done: (err: Error | null, out: Buffer) => void): void {
  const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } };
  if (bytes <= SYNC_COMPRESS_BYTES) {
    let out: Buffer;
    try {
      out = coding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, { level: 6 });
    } catch (err) {
      done(err as Error, Buffer.alloc(0));
      return;
    }
    done(null, out);
  } else if (coding === 'br') brotliCompress(body, brotli, done);
  else gzip(body, { level: 6 }, done);
}

/** Whether a Cache-Control value lets a cache keep the answer (so it gets an ETag). */
const keepable = (cacheControl: string | undefined): boolean => cacheControl !== undefined && /^(?:public\b|no-cache$)/.test(cacheControl);

/**
 * Sends `answer` for `req` on `res`. `extra` headers are added to every answer (e.g. which
 * cluster worker served it).
 */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: EngineResponse, extra: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const headers: OutgoingHttpHeaders = { ...answer.headers, ...extra };
  const head = req.method === 'HEAD';
  // The answer's text is hashed, compressed and sent as it is: its UTF-8 bytes are never copied
  // out first (a kept compressed answer then costs no copy of its plain bytes at all).
  const body = answer.body;
  const bytes = Buffer.byteLength(body, 'utf8');
  const type = String(headers['content-type'] ?? '');
  const compressible = COMPRESSIBLE.test(type) && answer.status !== 204;
  if (compressible) headers.vary = addVary(headers.vary as string | undefined, 'Accept-Encoding');
  const accept = req.headers['accept-encoding'];
  const coding: ContentCoding = compressible && bytes >= MIN_COMPRESS_BYTES ? chooseEncoding(Array.isArray(accept) ? accept.join(', ') : accept) : 'identity';
  let cacheKey: string | undefined;
  if (answer.status === 200 && (req.method === 'GET' || head) && keepable(headers['cache-control'] as string | undefined)) {
    const tag = entityTag(body);
    cacheKey = `${tag}${coding}`;
    // Each coding is its own representation, so its own strong tag (If-None-Match compares weakly).
    headers.etag = coding === 'identity' ? tag : `${tag.slice(0, -1)}-${coding}"`;
    if (noneMatch(req.headers['if-none-match'], tag)) {
      const notModified: OutgoingHttpHeaders = {};
      for (const k of ['etag', 'cache-control', 'vary', 'access-control-allow-origin', 'x-content-type-options', ...Object.keys(extra)]) if (headers[k] !== undefined) notModified[k] = headers[k];
      res.writeHead(304, notModified);
      res.end();
      return;
    }
  }
  if (coding === 'identity') {
    // RFC 9110 §8.6: no Content-Length on a 204.
    if (answer.status !== 204) headers['content-length'] = bytes;
    res.writeHead(answer.status, headers);
    res.end(head ? undefined : body);
    return;
  }
  const send = (out: Buffer) => {
    headers['content-encoding'] = coding;
    headers['content-length'] = out.length;
    res.writeHead(answer.status, headers);
    res.end(head ? undefined : out);
  };
  const known = cacheKey === undefined ? undefined : recall(cacheKey);
  if (known) {
    send(known);
    return;
  }
  compress(coding, body, bytes, (err, out) => {
    if (res.destroyed) return;
    if (err) {
      // Cannot happen for a string input short of memory exhaustion; the plain body is still right.
      headers['content-length'] = bytes;
      if (typeof headers.etag === 'string') headers.etag = headers.etag.replace(/-(?:br|gzip)"$/, '"');
      res.writeHead(answer.status, headers);
      res.end(head ? undefined : body);
      return;
    }
    if (cacheKey !== undefined) remember(cacheKey, out);
    send(out);
  });
}
