import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A raw GET (fetch would decompress and hide the encoding). */
function get(path: string, acceptEncoding?: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('API JSON compression', () => {
  it('compresses JSON above 1 KB with brotli or gzip, as the client accepts', async () => {
    const plain = await get('/api/homepage-content');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.body.toString();
    expect(json.length).toBeGreaterThan(1024);

    const br = await get('/api/homepage-content', 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    expect(br.body.length).toBeLessThan(json.length / 2);

    const gz = await get('/api/homepage-content', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(json);
  });

  it('leaves small answers uncompressed', async () => {
    const health = await get('/api/health', 'br, gzip');
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toBeTypeOf('object');
  });
});
