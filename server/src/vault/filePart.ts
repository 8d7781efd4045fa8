import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../http/errors';
import { fileTooLarge } from './service';

/**
 * The one file part of a multipart upload (fields sent before it ride along), for every route that takes
 * a file: not multipart or no file is 400 `required`; a body over the limit is 413; anything else malformed
 * is 400.
 */
export async function filePartOf(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    throw (error as { statusCode?: number }).statusCode === 413 ? fileTooLarge() : badRequest();
  }
  if (!part) throw badRequest('validation_failed', [{ path: 'file', code: 'required' }]);
  return part;
}
