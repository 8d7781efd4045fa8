/**
 * A photographed or scanned page turned upright before OCR: its text lines found at any tilt within ±6°,
 * lying either way (0/180 or 90/270), and the picture turned and enlarged in one drawing (@napi-rs/canvas).
 *
 * Why by hand: no maintained npm package deskews an image on Node (OpenCV's WebAssembly build is 10 MB
 * for one function; tesseract's orientation detection needs the legacy engine and its osd model, a
 * second 100 MB worker, and does not measure skew). The method is the classic projection profile: the dark
 * pixels of a small greyscale copy are projected onto a line at each candidate angle, and the angle whose
 * profile has the sharpest steps between rows (text lines and the gaps between them) is the text's.
 * Whether an upright-lying page is upside down cannot be seen in a profile; the caller reads it both ways
 * when the first reading is poor (see extract/index.ts).
 */
import { MAX_DRAWN_PIXELS, MAX_IMAGE_SIDE, scaledImage } from './image';
import { linesOf, type Line } from './layout';
import { ocrImage } from './ocr';
import { readableShare } from './words';

/** The side of the small copy the angle is measured on (pixels): a page's text lines stay a few pixels tall. */
const PROBE_SIDE = 900;
/** Tilts tried, degrees: a hand-held photo is within a few degrees of square. */
const MAX_TILT = 6;

export interface Upright {
  /** Degrees the picture is turned clockwise to stand upright: the line direction found (0 or 90) plus the tilt. */
  angle: number;
}

/**
 * The angle that makes a picture's text lines horizontal: 0 or 90 (which way its lines lie) plus the tilt
 * within ±6°, to a tenth of a degree. A page with no text (too few dark pixels) is left as it is.
 */
export async function textAngle(bytes: Uint8Array): Promise<Upright> {
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(bytes));
  const k = Math.min(1, PROBE_SIDE / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * k));
  const h = Math.max(1, Math.round(img.height * k));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, w, h);
  const data = ctx.getImageData(0, 0, w, h).data;
  // ink: darker than half the paper (the paper is the bright end of the picture, whatever the table around it)
  const lum = new Uint8Array(w * h);
  const hist = new Uint32Array(256);
  for (let i = 0; i < w * h; i++) {
    const l = (data[4 * i] * 299 + data[4 * i + 1] * 587 + data[4 * i + 2] * 114) / 1000;
    lum[i] = l;
    hist[lum[i]]++;
  }
  let paper = 255;
  for (let seen = 0; paper > 0 && (seen += hist[paper]) < 0.1 * w * h; ) paper--;
  const ink = paper / 2;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (lum[y * w + x] < ink) xs.push(x - w / 2), ys.push(y - h / 2);
  if (xs.length < 200) return { angle: 0 };
  const bins = new Float64Array(2 * Math.ceil(Math.hypot(w, h)) + 4);
  const half = bins.length / 2;
  /** How sharply the profile of ink across lines at this angle (degrees, clockwise) steps from row to row. */
  const sharpness = (deg: number) => {
    const t = (deg * Math.PI) / 180;
    const s = Math.sin(t);
    const c = Math.cos(t);
    bins.fill(0);
    // the row an ink pixel lands on once the picture is turned by deg clockwise
    for (let i = 0; i < xs.length; i++) bins[Math.round(xs[i] * s + ys[i] * c + half)]++;
    let sum = 0;
    for (let i = 1; i < bins.length; i++) sum += (bins[i] - bins[i - 1]) ** 2;
    return sum;
  };
  let best = { angle: 0, score: -1 };
  for (const base of [0, 90])
    for (let d = -MAX_TILT; d <= MAX_TILT; d += 0.5) {
      const score = sharpness(base + d);
      if (score > best.score) best = { angle: base + d, score };
    }
  const coarse = best.angle;
  for (let d = -0.4; d <= 0.4; d += 0.1) {
    const score = sharpness(coarse + d);
    if (score > best.score) best = { angle: coarse + d, score };
  }
  return { angle: Math.round(best.angle * 10) / 10 };
}

export interface Turned {
  /** The picture upright and enlarged, as PNG. */
  png: Uint8Array;
  width: number;
  height: number;
  /** A point of the turned picture back in the original picture's pixels. */
  toOriginal(x: number, y: number): { x: number; y: number };
}

/**
 * The picture turned clockwise by `angle` degrees about its centre and enlarged by `factor`, on a canvas
 * large enough to hold it all, white where the picture does not reach. The quarter turns are made at the
 * picture's own resolution, pixel for pixel (an upside-down photo is then read exactly as the upright one);
 * only a tilt is resampled, in the same drawing as the enlargement.
 */
export async function turnedImage(bytes: Uint8Array, angle: number, factor: number): Promise<Turned> {
  const { loadImage, createCanvas } = await import('@napi-rs/canvas');
  const img = await loadImage(Buffer.from(bytes));
  const quarter = ((Math.round(angle / 90) % 4) + 4) % 4;
  const tilt = angle - Math.round(angle / 90) * 90;
  // 1. quarter turns, lossless
  const w1 = quarter % 2 ? img.height : img.width;
  const h1 = quarter % 2 ? img.width : img.height;
  const upright = createCanvas(w1, h1);
  const c1 = upright.getContext('2d');
  c1.translate([0, w1, w1, 0][quarter], [0, 0, h1, h1][quarter]);
  c1.rotate((quarter * Math.PI) / 2);
  c1.drawImage(img, 0, 0);
  // 2. the tilt and the enlargement in one drawing
  const t = (tilt * Math.PI) / 180;
  const level = Math.abs(tilt) < NEGLIGIBLE_TILT;
  const c = level ? 1 : Math.abs(Math.cos(t));
  const s = level ? 0 : Math.abs(Math.sin(t));
  // within the drawing budget of image.ts (a tilted page's canvas is a little larger than the page)
  factor = Math.min(factor, Math.sqrt(MAX_DRAWN_PIXELS / ((w1 * c + h1 * s) * (w1 * s + h1 * c))), MAX_IMAGE_SIDE / Math.max(w1 * c + h1 * s, w1 * s + h1 * c));
  const width = Math.round((w1 * c + h1 * s) * factor);
  const height = Math.round((w1 * s + h1 * c) * factor);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  if (level) ctx.drawImage(upright, 0, 0, width, height);
  else {
    ctx.translate(width / 2, height / 2);
    ctx.rotate(t);
    ctx.scale(factor, factor);
    ctx.drawImage(upright, -w1 / 2, -h1 / 2);
  }
  const cos = Math.cos(-(level ? 0 : t));
  const sin = Math.sin(-(level ? 0 : t));
  const q = (-quarter * Math.PI) / 2;
  const [qc, qs] = [Math.round(Math.cos(q)), Math.round(Math.sin(q))];
  return {
    png: new Uint8Array(canvas.toBuffer('image/png')),
    width,
    height,
    toOriginal(x, y) {
      // back through the tilt and the enlargement into the quarter-turned picture...
      const u = level ? x / (width / w1) - w1 / 2 : (x - width / 2) / factor;
      const v = level ? y / (height / h1) - h1 / 2 : (y - height / 2) / factor;
      const x1 = u * cos - v * sin;
      const y1 = u * sin + v * cos;
      // ...then back through the quarter turns, about the centres
      return { x: img.width / 2 + x1 * qc - y1 * qs, y: img.height / 2 + x1 * qs + y1 * qc };
    },
  };
}

/** A box of the turned picture as the box that holds it in the original picture (for drawing over the photo). */
export function boxInOriginal(turned: Pick<Turned, 'toOriginal'>, b: { x: number; y: number; width: number; height: number }) {
  const corners = [turned.toOriginal(b.x, b.y), turned.toOriginal(b.x + b.width, b.y), turned.toOriginal(b.x, b.y + b.height), turned.toOriginal(b.x + b.width, b.y + b.height)];
  const x = Math.min(...corners.map((p) => p.x));
  const y = Math.min(...corners.map((p) => p.y));
  return { x, y, width: Math.max(...corners.map((p) => p.x)) - x, height: Math.max(...corners.map((p) => p.y)) - y };
}

/**
 * A first reading with less than this share of readable words may be upside down: it is read turned
 * half round as well and the better reading kept. Measured on the made laboratory and NGS photos
 * (bench:documents): upright readings score 0.6-0.9, upside-down ones under 0.2.
 */
const FLIP_BELOW = 0.45;
/** A turn smaller than this (degrees) is left to tesseract, which levels it itself: redrawing costs a resampling (measured: a 0.23° scan read worse turned). */
const NEGLIGIBLE_TILT = 0.5;

/**
 * The lines of a photographed or scanned page, read upright: the picture turned by its text angle (and half
 * round when that reads better) and enlarged by `factor`, OCR'd, cut into lines, and every box given back
 * in the original picture's pixels divided by `unit` (1 for a photo, pixels per point for a PDF page).
 */
export async function readPicture(bytes: Uint8Array, page: number, factor: number, unit: number): Promise<{ lines: Line[]; angle: number }> {
  const { angle } = await textAngle(bytes);
  const read = async (turn: number) => {
    const straight = Math.abs(turn) < NEGLIGIBLE_TILT;
    const turned = straight ? undefined : await turnedImage(bytes, turn, factor);
    const picture = turned ? turned.png : factor > 1 ? await scaledImage(bytes, factor) : bytes;
    const items = await ocrImage(picture, 1);
    const size = turned ?? { width: 0, height: 0 };
    const lines = linesOf({ number: page, width: size.width, height: size.height, items });
    const back = (b: Line['box']) => {
      const o = boxInOriginal(turned!, b);
      return { x: o.x / unit, y: o.y / unit, width: o.width / unit, height: o.height / unit };
    };
    const scaled = (b: Line['box']) => ({ x: b.x / factor / unit, y: b.y / factor / unit, width: b.width / factor / unit, height: b.height / factor / unit });
    const text = lines.map((l) => l.text).join('\n');
    return {
      angle: turn,
      readable: readableShare(text),
      // the readers keep the upright geometry (rows, columns, gaps); the box shown over the photo is the original's
      lines: lines.map((l) => ({ ...l, box: scaled(l.box), items: l.items.map((i) => ({ ...i, ...scaled(i) })), ...(turned ? { view: back(l.box) } : {}) })),
    };
  };
  let best = await read(angle);
  if (best.readable.share < FLIP_BELOW) {
    const other = await read(angle + 180 > 180 ? angle - 180 : angle + 180);
    if (other.readable.share * other.readable.tokens > best.readable.share * best.readable.tokens) best = other;
  }
  return { lines: best.lines, angle: best.angle };
}
