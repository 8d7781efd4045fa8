import fs from 'node:fs';
import { Readable } from 'node:stream';

export interface FileReaderOptions {
  /** Bytes per read (and per chunk pushed). */
  chunkSize?: number;
  /** Reads kept outstanding ahead of the consumer. */
  depth?: number;
  /** First byte to read (inclusive); default 0. */
  start?: number;
  /** Last byte to read (inclusive); default the file's last byte. */
  end?: number;
}

const noop = () => {};

/**
 * A file's bytes as a stream that keeps `depth` positional reads in flight (fs.createReadStream has one
 * at a time), so the disk stays busy while earlier chunks go out on the socket. Chunks are pushed in
 * file order; no new read starts while the consumer applies backpressure, so at most `depth` chunks are
 * buffered beyond the stream's own buffer. The file handle is closed on end, error and destroy (a client
 * that aborts a download destroys the stream).
 */
class PrefetchingFileReader extends Readable {
  /** Reads issued and not yet pushed, in file order. */
  private readonly pending: Promise<Buffer>[] = [];
  private next: number;
  private pumping = false;

  constructor(
    private readonly handle: fs.promises.FileHandle,
    start: number,
    /** One past the last byte to read. */
    private readonly stop: number,
    private readonly chunkSize: number,
    private readonly depth: number,
  ) {
    // The stream's own buffer holds one chunk; the prefetched reads are the rest of the read-ahead.
    super({ highWaterMark: chunkSize });
    this.next = start;
  }

  /** Reads exactly `length` bytes at `position` (a short read means the file shrank). */
  private async readAt(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) throw new Error(`file ended at ${position + filled}, expected ${length - filled} more bytes`);
      filled += bytesRead;
    }
    return buffer;
  }

  private fill(): void {
    while (this.pending.length < this.depth && this.next < this.stop) {
      const length = Math.min(this.chunkSize, this.stop - this.next);
      const read = this.readAt(this.next, length);
      read.catch(noop); // awaited in order by pump; a rejection after destroy must not go unhandled
      this.pending.push(read);
      this.next += length;
    }
  }

  override _read(): void {
    if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      for (;;) {
        this.fill();
        const read = this.pending.shift();
        if (!read) {
          this.push(null);
          return;
        }
        const chunk = await read;
        if (this.destroyed) return;
        if (!this.push(chunk)) {
          this.fill(); // keep the read-ahead going while the consumer drains
          return;
        }
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pumping = false;
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // FileHandle.close waits for the reads in flight before closing the descriptor.
    this.handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}

/**
 * Opens a file for streaming with read-ahead. Rejects (ENOENT, EACCES...) before any stream exists, so
 * a missing file becomes an error response rather than a stream error mid-response.
 */
export async function openFileReader(file: string, options: FileReaderOptions = {}): Promise<Readable> {
  const chunkSize = options.chunkSize ?? 1 << 20;
  const depth = options.depth ?? 4;
  if (!(chunkSize > 0) || !(depth > 0)) throw new RangeError('chunkSize and depth must be positive');
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = options.start ?? 0;
    const stop = Math.min(size, options.end == null ? size : options.end + 1);
    if (start < 0 || (options.end != null && options.end < start - 1)) throw new RangeError(`invalid byte range ${start}-${options.end}`);
    // autoDestroy (the default) destroys the stream once it has ended, which closes the handle.
    return new PrefetchingFileReader(handle, start, Math.max(start, stop), chunkSize, depth);
  } catch (error) {
    await handle.close();
    throw error;
  }
}
