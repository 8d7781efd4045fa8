import { ReportReadError } from './readError';

/** Size in pixels of a PNG or JPEG (decoded by @napi-rs/canvas, which also draws PDF pages). */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { loadImage } = await import('@napi-rs/canvas');
  try {
    const img = await loadImage(Buffer.from(bytes));
    return { width: img.width, height: img.height };
  } catch {
    throw new ReportReadError('image_unreadable');
  }
}

/** An image enlarged by a factor, as PNG (for OCR of low-resolution scans). */
export async function scaledImage(bytes: Uint8Array, factor: number): Promise<Uint8Array> {
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(Math.round(img.width * factor), Math.round(img.height * factor));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}
