/**
 * Turning a picture upright: the turned picture's points map back onto the original (boxes drawn over the
 * photo as the clinician took it), quarter turns pixel for pixel.
 */
import { boxInOriginal, turnedImage } from '../../src/documents/orient';

async function marked(): Promise<Uint8Array> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const c = createCanvas(300, 200);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 300, 200);
  // a black square at the top-left corner of the original
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, 20, 20);
  return new Uint8Array(c.toBuffer('image/png'));
}

describe('turnedImage', () => {
  it.each([
    [90, 'top-right'],
    [180, 'bottom-right'],
    [270, 'bottom-left'],
  ])('turned %d° clockwise, the original top-left corner is at the %s, pixel for pixel, and maps back', async (angle) => {
    const t = await turnedImage(await marked(), angle, 1);
    const { loadImage, createCanvas } = await import('@napi-rs/canvas');
    const img = await loadImage(Buffer.from(t.png));
    const c = createCanvas(img.width, img.height);
    c.getContext('2d').drawImage(img, 0, 0);
    const at = (x: number, y: number) => c.getContext('2d').getImageData(x, y, 1, 1).data[0];
    const corner = { 90: [t.width - 5, 5], 180: [t.width - 5, t.height - 5], 270: [5, t.height - 5] }[angle as 90 | 180 | 270]!;
    expect(at(corner[0], corner[1])).toBe(0);
    // every other corner stays white: nothing resampled into grey
    expect([at(5, 5), at(t.width - 5, 5), at(5, t.height - 5), at(t.width - 5, t.height - 5)].filter((v) => v === 255)).toHaveLength(3);
    const back = t.toOriginal(corner[0], corner[1]);
    expect(back.x).toBeCloseTo(5, 0);
    expect(back.y).toBeCloseTo(5, 0);
  });

  it('a tilt and an enlargement: a box of the turned picture maps back within the original', async () => {
    const t = await turnedImage(await marked(), -3, 2);
    const b = boxInOriginal(t, { x: t.width / 2 - 50, y: t.height / 2 - 10, width: 100, height: 20 });
    expect(b.x + b.width / 2).toBeCloseTo(150, 0);
    expect(b.y + b.height / 2).toBeCloseTo(100, 0);
    expect(b.width).toBeGreaterThan(49);
    expect(b.width).toBeLessThan(52);
  });
});
