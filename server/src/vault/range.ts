import { AppError } from '../http/errors';

/** Bytes `start` to `end`, both inclusive (as in Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A Range no byte of the file satisfies (416); `size` goes into `Content-Range: bytes *\/size`. */
export class RangeNotSatisfiable extends AppError {
  constructor(readonly size: number) {
    super(416, 'range_not_satisfiable');
  }
}

/**
 * The byte range a download should send, from the request's Range and If-Range (RFC 9110 §14): null for
 * the whole file. One `bytes=` range is served (`a-b`, `a-`, `-suffix`); anything else (several ranges,
 * another unit, bad syntax, an If-Range other than the file's current ETag) gets the whole file, as the RFC
 * allows. A well-formed range that starts past the end throws RangeNotSatisfiable.
 */
export function requestedRange(range: string | undefined, ifRange: string | undefined, size: number, etag: string): ByteRange | null {
  if (!range) return null;
  // If-Range: resume only if the file is still the one the client has half of (strong comparison).
  if (ifRange !== undefined && ifRange.trim() !== etag) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) throw new RangeNotSatisfiable(size);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? Infinity : Number(match[2]);
  if (!Number.isSafeInteger(start) || end < start) return null;
  if (start >= size) throw new RangeNotSatisfiable(size);
  return { start, end: Math.min(end, size - 1) };
}
