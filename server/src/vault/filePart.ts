import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { fileTooLarge } from './service';
import { DEFAULT_STALL_MS, watchBodyProgress } from './stall';

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
  return part;
}
