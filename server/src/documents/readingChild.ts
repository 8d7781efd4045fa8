/**
 * Entry of a reading's child process (readingProcess.ts starts one per task): it says it is ready, takes
 * one task, answers, and exits. Everything that decodes what a user sent (pdf.js, @napi-rs/canvas,
 * tesseract) runs here, so a native crash or a runaway allocation ends this process, not the server.
 */
import { extractDocument } from './extract';
import { renderPdfPage } from './pdfText';
import { ReportReadError } from './readError';
import type { ChildAnswer, ChildTask } from './readingProcess';

/**
 * Test hook: under jest (NODE_ENV=test) a task whose name contains DOCUMENTS_TEST_CRASH kills this process
 * the way a native crash does (no answer, no clean-up), so the parent's handling can be tested.
 */
function crashForTest(task: ChildTask) {
  const marker = process.env.DOCUMENTS_TEST_CRASH;
  if (process.env.NODE_ENV === 'test' && marker && task.op === 'extract' && task.name.includes(marker)) process.kill(process.pid, 'SIGKILL');
}

async function perform(task: ChildTask): Promise<unknown> {
  crashForTest(task);
  if (task.op === 'extract') return extractDocument(task.name, task.bytes);
  return renderPdfPage(task.bytes, task.page, task.scale, task.maxPixels);
}

process.once('message', (task: ChildTask) => {
  void perform(task)
    .then(
      (result): ChildAnswer => ({ ok: true, result }),
      (e: unknown): ChildAnswer => ({ ok: false, code: e instanceof ReportReadError ? e.code : null, detail: String((e as Error)?.message ?? e).slice(0, 500) }),
    )
    // exit at once: the OCR engine's and pdf.js's threads would otherwise keep the process alive
    .then((answer) => process.send!(answer, () => process.exit(0)));
});
// the server is gone (stopped, or crashed itself): nobody waits for the answer
process.once('disconnect', () => process.exit(0));
process.send!({ ready: true });
