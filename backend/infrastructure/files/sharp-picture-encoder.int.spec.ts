import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureDecoding, sharpPictureEncoder } from './sharp-picture-encoder';

/**
 * The sharp adapter's limits (issue 48): the pixel budget is judged from the header, before any
 * pixel is decoded, and the process decodes at most `maxConcurrent` pictures at once with
 * `maxWaiting` more queued; beyond that it answers `busy` without decoding.
 */

const encoder = sharpPictureEncoder();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 10, b: 140 } } }).png({ compressionLevel: 9 }).toBuffer();

describe('sharpPictureEncoder', () => {
  it('answers too_many_pixels for a header over maxPixels, and encodes one at maxPixels', async () => {
    const picture = await png(400, 300);
    expect(await encoder.encode(picture, { maxSide: 100, maxPixels: 400 * 300 - 1 })).toBe('too_many_pixels');
    const encoded = await encoder.encode(picture, { maxSide: 100, maxPixels: 400 * 300 });
    expect(encoded).toMatchObject({ extension: 'png' });
    const stored = await sharp((encoded as { bytes: Buffer }).bytes).metadata();
    expect([stored.width, stored.height]).toEqual([100, 75]);
  });

  it('refuses a 7,000 × 7,000 PNG from its header, without decoding its 49 million pixels', async () => {
    const bomb = await png(7_000, 7_000);
    const started = performance.now();
    expect(await encoder.encode(bomb, { maxSide: 512, maxPixels: 16_000_000 })).toBe('too_many_pixels');
    // Reading the header takes milliseconds; decoding the pixels takes seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it(`decodes ${pictureDecoding.maxConcurrent} at a time with ${pictureDecoding.maxWaiting} waiting, answers busy beyond, and frees the places once done`, async () => {
    const large = await png(4_000, 4_000);
    const places = pictureDecoding.maxConcurrent + pictureDecoding.maxWaiting;
    const answers = await Promise.all(Array.from({ length: places + 4 }, () => encoder.encode(large, { maxSide: 512, maxPixels: 16_000_000 })));
    const busy = answers.filter((answer) => answer === 'busy').length;
    const encoded = answers.filter((answer) => typeof answer === 'object' && answer !== null).length;
    expect(busy + encoded).toBe(answers.length);
    // Each decode takes far longer than the few milliseconds the burst takes to arrive.
    expect(busy).toBeGreaterThanOrEqual(1);
    expect(encoded).toBeGreaterThanOrEqual(places);

    // A picture that fails to decode gives its place back too.
    const truncated = (await png(300, 300)).subarray(0, 200);
    expect(await encoder.encode(truncated, { maxSide: 512, maxPixels: 16_000_000 })).toBeNull();
    const again = await Promise.all(Array.from({ length: places }, () => encoder.encode(large, { maxSide: 512, maxPixels: 16_000_000 })));
    expect(again.every((answer) => typeof answer === 'object' && answer !== null)).toBe(true);
  });
});
