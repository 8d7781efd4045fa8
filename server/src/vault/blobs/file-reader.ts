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

/** What sendTo writes to: an HTTP response (or any Writable that calls a write's callback once flushed). */
export interface ByteSink {
  write(chunk: Buffer, callback: (error?: Error | null) => void): boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
}

/** Resolves on the sink's next 'drain', or at once when it closes (client gone). */
function drainOrClose(sink: ByteSink): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      sink.off('drain', done);
      sink.off('close', done);
      resolve();
    };
    sink.once('drain', done);
    sink.once('close', done);
  });
}

/**
 * A file's bytes as a stream that keeps `depth` positional reads in flight (fs.createReadStream has one
 * at a time), so the disk stays busy while earlier chunks go out on the socket. Chunks are pushed in
 * file order; no new read starts while the consumer applies backpressure, so at most `depth` chunks are
 * buffered beyond the stream's own buffer. The file handle is closed on end, error and destroy (a client
 * that aborts a download destroys the stream).
 */
export class PrefetchingFileReader extends Readable {
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
  private async readAt(position: number, length: number, into?: Buffer): Promise<Buffer> {
    const buffer = into ?? Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) throw new Error(`file ended at ${position + filled}, expected ${length - filled} more bytes`);
      filled += bytesRead;
    }
    return buffer;
  }

  /**
   * Writes the bytes to `sink` instead of being read as a stream, reusing a few buffers: a buffer is read
   * into again only after the sink's write callback said its bytes were flushed. A stream has to hand out
   * a new buffer per chunk, and in a server whose heap holds hundreds of MB (gazetteer, trial index)
   * that external memory starts a full garbage collection every few dozen MB, which cut downloads from
   * the page cache to a third (bench:vault). Same read-ahead, order and file-closing as the stream; stops
   * early, without error, when the sink closes (client gone). Does not end the sink.
   */
  async sendTo(sink: ByteSink): Promise<void> {
    if (this.readableFlowing !== null || this.pending.length) throw new Error('sendTo: the reader is already being read');
    const free: Buffer[] = [];
    const reads: Array<Promise<{ buffer: Buffer; length: number }>> = [];
    const fill = () => {
      while (reads.length < this.depth && this.next < this.stop) {
        const length = Math.min(this.chunkSize, this.stop - this.next);
        const buffer = free.pop() ?? Buffer.allocUnsafeSlow(this.chunkSize);
        const read = this.readAt(this.next, length, buffer).then(() => ({ buffer, length }));
        read.catch(noop); // awaited in order below; one failing after the client left must not go unhandled
        reads.push(read);
        this.next += length;
      }
    };
    try {
      for (;;) {
        fill();
        const read = reads.shift();
        if (!read) return;
        const { buffer, length } = await read;
        if (sink.destroyed) return;
        const flushed = sink.write(length === buffer.length ? buffer : buffer.subarray(0, length), () => free.push(buffer));
        if (!flushed) {
          fill(); // keep the disk busy while the socket drains
          await drainOrClose(sink);
        }
      }
    } finally {
      this.destroy(); // closes the file once the reads in flight are done
    }
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
export async function openFileReader(file: string, options: FileReaderOptions = {}): Promise<PrefetchingFileReader> {
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
