import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

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

export class PdfReadError extends Error {
  constructor(readonly code: 'pdf_encrypted' | 'pdf_unreadable' | 'pdf_too_many_pages') {
    super(code);
    this.name = 'PdfReadError';
  }
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const pdfjs = await import(workerData.pdfjs);
    const doc = await pdfjs.getDocument({ data: workerData.bytes, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
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
    const worker = new Worker(WORKER, { eval: true, workerData: { pdfjs, bytes, maxPages: opts.maxPages ?? 200 } });
    worker.once('message', (m: { pages?: PdfPage[]; error?: PdfReadError['code'] }) => {
      void worker.terminate();
      if (m.error) reject(new PdfReadError(m.error));
      else resolve(m.pages!);
    });
    worker.once('error', (e) => reject(e));
  });
}
