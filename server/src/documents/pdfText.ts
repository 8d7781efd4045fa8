import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_DRAWN_PIXELS, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image';
import { ReportReadError, type ReadFailure } from './readError';

/**
 * Text of a PDF with the position of every piece, from pdf.js (pdfjs-dist 5.6, the last release that
 * runs on Node 20). pdf.js is an ES module and its parsing is CPU work: it runs in a worker thread, which
 * also keeps it out of the server's event loop and works the same under jest (which cannot import ES
 * modules in its sandbox).
 */

/** A piece of text on a page, in PDF points with a top-left origin (as a viewer draws it). */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PdfPage {
  number: number;
  width: number;
  height: number;
  items: TextItem[];
}


const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const pdfjs = await import(workerData.pdfjs);
    const doc = await pdfjs.getDocument({ data: workerData.bytes, isEvalSupported: false, useSystemFonts: false, verbosity: 0, maxImageSize: workerData.maxImagePixels }).promise;
    if (doc.numPages > workerData.maxPages) return parentPort.postMessage({ error: 'pdf_too_many_pages' });
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const vp = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const items = [];
      for (const it of content.items) {
        if (!it.str || !it.str.trim()) continue;
        const h = Math.abs(it.transform[3]) || it.height || 10;
        // pdf.js gives the baseline in bottom-up page units: the box's top is baseline + height, turned top-down
        items.push({ str: it.str, x: it.transform[4], y: vp.height - it.transform[5] - h, width: it.width, height: h });
      }
      pages.push({ number: n, width: vp.width, height: vp.height, items });
      page.cleanup();
    }
    await doc.destroy();
    parentPort.postMessage({ pages });
  } catch (e) {
    parentPort.postMessage({ error: e && e.name === 'PasswordException' ? 'pdf_encrypted' : 'pdf_unreadable', detail: String(e && e.message) });
  }
})();`;

/** Reads every page of a PDF; refuses encrypted, corrupt or overlong files with a code. */
export function readPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfPage[]> {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { pdfjs, bytes, maxPages: opts.maxPages ?? 200, maxImagePixels: MAX_IMAGE_PIXELS } });
    worker.once('message', (m: { pages?: PdfPage[]; error?: ReadFailure }) => {
      void worker.terminate();
      if (m.error) reject(new ReportReadError(m.error));
      else resolve(m.pages!);
    });
    worker.once('error', (e) => reject(e));
  });
}

const RENDER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const pdfjs = await import(workerData.pdfjs);
    const doc = await pdfjs.getDocument({ data: workerData.bytes, isEvalSupported: false, verbosity: 0, maxImageSize: workerData.maxImagePixels }).promise;
    if (workerData.page < 1 || workerData.page > doc.numPages) return parentPort.postMessage({ error: 'page_not_found' });
    const page = await doc.getPage(workerData.page);
    const unit = page.getViewport({ scale: 1 });
    // the page box read by pdf.js decides the scale before anything is drawn: a 14400 pt page is drawn
    // smaller (within the pixel budget), never allocated at the scale asked for
    const scale = Math.min(workerData.scale, Math.sqrt(workerData.maxPixels / (unit.width * unit.height)), workerData.maxSide / Math.max(unit.width, unit.height));
    if (!(scale > 0)) return parentPort.postMessage({ error: 'pdf_unreadable' });
    const vp = page.getViewport({ scale });
    const c = doc.canvasFactory.create(Math.max(1, Math.floor(vp.width)), Math.max(1, Math.floor(vp.height)));
    await page.render({ canvasContext: c.context, viewport: vp, canvas: c.canvas }).promise;
    const png = c.canvas.toBuffer('image/png');
    await doc.destroy();
    parentPort.postMessage({ png, width: unit.width, height: unit.height, scale });
  } catch (e) {
    parentPort.postMessage({ error: 'pdf_unreadable' });
  }
})();`;

/**
 * One page of a PDF as a PNG (pdf.js drawing on @napi-rs/canvas, pdf.js's own optional dependency), with
 * the page size in PDF points so a finding's box can be drawn over it. `scale` is pixels per point asked
 * for; the one used (returned) is smaller when the page would pass the pixel budget (`maxPixels`).
 */
export function renderPdfPage(bytes: Uint8Array, pageNumber: number, scale = 1.5, maxPixels = MAX_DRAWN_PIXELS): Promise<{ png: Uint8Array; width: number; height: number; scale: number }> {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const worker = new Worker(RENDER, { eval: true, workerData: { pdfjs, bytes, page: pageNumber, scale, maxPixels, maxSide: MAX_IMAGE_SIDE, maxImagePixels: MAX_IMAGE_PIXELS } });
    worker.once('message', (m: { png?: Uint8Array; width?: number; height?: number; scale?: number; error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new ReportReadError('pdf_unreadable'));
      else resolve({ png: m.png!, width: m.width!, height: m.height!, scale: m.scale! });
    });
    worker.once('error', reject);
  });
}
