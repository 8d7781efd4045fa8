import { imageSize as headerSize } from 'image-size';
import { ReportReadError } from './readError';

/**
 * Pixel budget of decoding: a 48-megapixel phone photo fits (8000 × 6000); a PNG that declares 65535 ×
 * 65535 (16 GB of pixels from a 634-byte file) does not. Decoding allocates width × height × 4 bytes at
 * once, in native code that no JavaScript limit sees, so the size is read from the header first.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The longest side a drawing surface may have (Skia's own limit is 32767). */
export const MAX_IMAGE_SIDE = 20_000;
/**
 * Pixel budget of a drawn image (a PDF page or an enlarged photo): a letter or A4 page at 400 dpi fits
 * (15.5 megapixels); a larger page is drawn at a lower resolution. Measured: a blank 612 × 6000 pt page
 * drawn at 32 megapixels took 108 s of OCR to end as no_text_found on a busy 2-core machine.
 */
export const MAX_DRAWN_PIXELS = 16_000_000;

/**
 * Size in pixels of a PNG or JPEG as its header declares it (PNG IHDR, JPEG SOF marker; read by
 * `image-size` without decoding a pixel). Unreadable headers are `image_unreadable`; a size beyond the
 * pixel budget is `image_too_large` — before anything is allocated for it.
 */
export function declaredSize(bytes: Uint8Array): { width: number; height: number } {
  let size: { width?: number; height?: number; type?: string };
  try {
    // a PNG's size sits in its first chunk: the signature and a whole IHDR (33 bytes) must be there
    if (bytes[0] === 0x89 && bytes.length < 33) throw new Error('truncated');
    size = headerSize(bytes);
  } catch {
    throw new ReportReadError('image_unreadable');
  }
  const { width, height, type } = size;
  if ((type !== 'png' && type !== 'jpg') || !width || !height) throw new ReportReadError('image_unreadable');
  // a file cut short (no PNG IEND chunk, no JPEG end-of-image marker) is refused here: the decoder would
  // fill the missing rows with grey and OCR would spend seconds on them
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (type === 'png' ? data.lastIndexOf('IEND') < 0 : data.lastIndexOf(Buffer.from([0xff, 0xd9])) < 2) throw new ReportReadError('image_unreadable');
  if (width * height > MAX_IMAGE_PIXELS || Math.max(width, height) > MAX_IMAGE_SIDE) throw new ReportReadError('image_too_large');
  return { width, height };
}

/** Size in pixels of a PNG or JPEG, from its header (see declaredSize). */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  return declaredSize(bytes);
}

/** An image enlarged by a factor, as PNG (for OCR of low-resolution scans); refused beyond the drawing budget. */
export async function scaledImage(bytes: Uint8Array, factor: number): Promise<Uint8Array> {
  const size = declaredSize(bytes);
  const width = Math.round(size.width * factor);
  const height = Math.round(size.height * factor);
  if (width * height > MAX_DRAWN_PIXELS || Math.max(width, height) > MAX_IMAGE_SIDE) throw new ReportReadError('image_too_large');
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  let img;
  try {
    img = await loadImage(Buffer.from(bytes));
  } catch {
    throw new ReportReadError('image_unreadable');
  }
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Uint8Array(canvas.toBuffer('image/png'));
}
