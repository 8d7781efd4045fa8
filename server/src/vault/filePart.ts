import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../http/errors';
import { fileTooLarge } from './service';
import { DEFAULT_STALL_MS, watchBodyProgress } from '../http/stall';

/**
 * The one file part of a multipart upload (fields sent before it ride along), for every route that takes
 * a file: not multipart or no file is 400 `required`; a body over the limit is 413; anything else malformed
 * is 400. A body that stops arriving for `stallMs` is 408 `vault_upload_stalled`: waiting for the part
 * fails with it, or, once the part is being read, its stream is destroyed with it (so whatever writes it —
 * a staging file — fails and removes what it wrote), and the connection is closed after the answer.
 */
export async function filePartOf(request: FastifyRequest, stallMs: number = DEFAULT_STALL_MS): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  let part: MultipartFile | undefined;
  let failWaiting: ((error: Error) => void) | undefined;
  const stalled = new Promise<never>((_resolve, reject) => (failWaiting = reject));
  stalled.catch(() => undefined);
  watchBodyProgress(request.raw, stallMs, (error) => {
    if (part) part.file.destroy(error);
    else failWaiting?.(error);
  });
  try {
    part = await Promise.race([request.file(), stalled]);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 408) throw error;
    throw (error as { statusCode?: number }).statusCode === 413 ? fileTooLarge() : badRequest();
  }
  if (!part) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  // NUL is refused in form fields and file names as everywhere else (http/nul.ts): PostgreSQL cannot store it
  const withNul = Object.values(part.fields).flatMap((f) => (Array.isArray(f) ? f : [f])).find((f) => f && f.type === 'field' && typeof f.value === 'string' && (f.value.includes('\u0000') || f.fieldname.includes('\u0000')));
  if (withNul || part.filename.includes('\u0000')) {
    part.file.resume();
    throw badRequest('validation_failed', [{ path: withNul ? withNul.fieldname.replace(/\u0000/g, '') : 'file', code: 'invalid_characters' }]);
  }
  return part;
}

/** The file and the text fields of a multipart form, sent in any order (see formWithFileOf). */
export interface FormWithFile {
  filename: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/**
 * A multipart form of text fields and one file, whatever their order (a client may send the file first).
 * `check` runs on the `required` fields as soon as they are all in: before a byte of the file is read when
 * they come first (a form for a folder that is not the caller's costs no body), else after it. The file is
 * read into memory within the multipart `fileSize` limit (413). A field or a file name holding NUL is 400
 * `invalid_characters`, as everywhere else (http/nul.ts; PostgreSQL cannot store it); a missing field or
 * file is 400 `required`; a stalled body is 408, as for filePartOf.
 */
export async function formWithFileOf(
  request: FastifyRequest,
  opts: { required: string[]; check: (fields: Record<string, string>) => Promise<void>; stallMs?: number },
): Promise<FormWithFile> {
  if (!request.isMultipart()) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | undefined;
  let reading: MultipartFile | undefined;
  let checked = false;
  const complete = () => opts.required.every((k) => fields[k]);
  let failWaiting: ((error: Error) => void) | undefined;
  const stalled = new Promise<never>((_resolve, reject) => (failWaiting = reject));
  stalled.catch(() => undefined);
  watchBodyProgress(request.raw, opts.stallMs ?? DEFAULT_STALL_MS, (error) => {
    if (reading) reading.file.destroy(error);
    failWaiting?.(error);
  });
  const parts = request.parts()[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([parts.next(), stalled]);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (value.includes('\u0000') || part.fieldname.includes('\u0000')) throw badRequest('validation_failed', [{ path: part.fieldname.replace(/\u0000/g, ''), code: 'invalid_characters' }]);
        fields[part.fieldname] = value;
        continue;
      }
      if (file) throw badRequest();
      if (part.filename.includes('\u0000')) throw badRequest('validation_failed', [{ path: 'file', code: 'invalid_characters' }]);
      if (complete()) {
        await opts.check(fields);
        checked = true;
      }
      reading = part;
      file = { filename: part.filename, bytes: await Promise.race([part.toBuffer(), stalled]) };
      reading = undefined;
    }
  } catch (error) {
    const e = error as { statusCode?: number; code?: string };
    if (error instanceof AppError || e.statusCode === 408) throw error;
    throw e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : badRequest();
  }
  for (const k of opts.required) if (!fields[k]) throw badRequest('validation_failed', [{ path: k, code: 'required' }]);
  if (!file) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  if (!checked) await opts.check(fields);
  return { ...file, fields };
}
