import { promisify } from 'node:util';
import { constants as zlibConstants, brotliCompress, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/**
 * How answers are compressed, in one place: `@fastify/compress` compresses each answer as it
 * leaves, and the member-read cache keeps its answers compressed the same way (`answerEncoding`,
 * `compressAnswer`), once per answer and encoding rather than on every hit.
 * JSON answers above 1 KB are compressed on the fly (brotli at a cheap quality, else gzip), and
 * the sitemap and blog feed (XML, routes/site/). Only those: the idea stream (text/event-stream)
 * must not be buffered, and the built assets are sent precompressed (plugins/frontend.ts).
 */
/** Answers smaller than this are sent as they are. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
const NEGOTIATED: string[] = [...ENCODINGS];
const COMPRESSED_TYPES = /^application\/(?:json|xml|atom\+xml)/;
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

export type AnswerEncoding = (typeof ENCODINGS)[number];

export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    customTypes: COMPRESSED_TYPES,
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * The encoding `@fastify/compress` answers this request's `payloadBytes` of `contentType` in,
 * decided as it decides (no `x-no-compression`, big enough, a compressed type, the client's
 * preferred encoding of ours, `*` and `x-gzip` read as gzip), or undefined when it sends them
 * as they are.
 */
export function answerEncoding(headers: Record<string, string | string[] | undefined>, contentType: unknown, payloadBytes: number): AnswerEncoding | undefined {
  const accepted = headers['accept-encoding'];
  if (typeof accepted !== 'string' || headers['x-no-compression'] !== undefined || payloadBytes < COMPRESSION_THRESHOLD_BYTES) return undefined;
  if (!COMPRESSED_TYPES.test(typeof contentType === 'string' ? contentType : 'application/json')) return undefined;
  const encoding = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), NEGOTIATED);
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * `payload` compressed in `encoding` with the settings `@fastify/compress` uses (on libuv's
 * threads, off the event loop): the bytes it sends for an answer it compresses in one go (up to
 * its sync threshold, 8 kB on two cores); a larger one it streams, in other bytes of the same content.
 */
export function compressAnswer(encoding: AnswerEncoding, payload: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzipped(payload);
}
