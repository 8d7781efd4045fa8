import type { Worker as OcrWorker } from 'tesseract.js';
import type { TextItem } from './pdfText';

/**
 * Text of a scanned page or a photographed report, with the box of every word, by OCR: tesseract.js
 * (Tesseract compiled to WebAssembly, in its own worker thread) with the English model from the npm
 * package @tesseract.js-data/eng — nothing is downloaded at run time. One engine serves the process;
 * pages queue on it (OCR is seconds of CPU a page) and it is let go after a minute without work, since
 * it holds ~100 MB.
 */

const IDLE_MS = 60_000;
let engine: Promise<OcrWorker> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let idle: NodeJS.Timeout | undefined;

function getEngine(): Promise<OcrWorker> {
  if (!engine) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createWorker, OEM } = require('tesseract.js') as typeof import('tesseract.js');
    // cacheMethod none: the model is read from node_modules, never copied into the working directory.
    // errorHandler: without one, tesseract.js throws a failed job's error from its message listener, where
    // nothing can catch it and the process ends; with it the job's promise alone is rejected (its page
    // fails with a reason).
    engine = createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', errorHandler: () => undefined }).then(async (w) => {
      // a report page is columns of short cells: read as one uniform block, rows stay rows
      await w.setParameters({ tessedit_pageseg_mode: '6' as never });
      return w;
    });
    engine.catch(() => (engine = undefined));
  }
  return engine;
}

function release() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => void stopOcr(), IDLE_MS);
  idle.unref();
}

/** Ends the OCR engine (tests and shutdown; the next page starts it again). */
export async function stopOcr(): Promise<void> {
  const e = engine;
  engine = undefined;
  if (e) await (await e).terminate().catch(() => undefined);
}

/**
 * The words of an image (PNG or JPEG bytes) as text items in the page's units: pixels divided by `scale`
 * (a PDF page rendered at 300 dpi has scale 300/72, so boxes come back in PDF points). Words read with
 * low confidence are kept out: a smudge read as "1" is worse than a gap.
 */
export function ocrImage(image: Uint8Array, scale = 1): Promise<TextItem[]> {
  const run = async () => {
    // no idle stop while a page is read: a page taking longer than the idle time (a loaded machine) would
    // have its engine terminated under it, and tesseract.js never settles the job of a terminated worker
    if (idle) clearTimeout(idle);
    const worker = await getEngine();
    try {
      const { data } = await worker.recognize(Buffer.from(image), {}, { blocks: true, text: false });
      const items: TextItem[] = [];
      for (const block of data.blocks ?? [])
        for (const para of block.paragraphs)
          for (const line of para.lines)
            for (const w of line.words) {
              if (!w.text.trim() || w.confidence < 30) continue;
              const { x0, y0, x1, y1 } = w.bbox;
              items.push({ str: w.text, x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale });
            }
      return items;
    } catch (e) {
      // an engine that failed a page (an image it could not decode) is not trusted with the next one
      await stopOcr();
      throw e;
    } finally {
      release();
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
