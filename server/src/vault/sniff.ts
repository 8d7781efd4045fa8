import fs from 'node:fs';
import { Transform } from 'node:stream';
import type { VaultFileType } from '@oncodesk/shared/contracts';

const magic = {
  pdf: Buffer.from('%PDF-'),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
  ole2: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
};
const HEAD = 8;
const ZIP_HEADER = 30; // fixed part of a zip local file header; the entry name follows it
const XL = Buffer.from('xl/');

/**
 * Decides a file's type from its content as the bytes pass, never buffering more than a few bytes:
 * PDF, PNG, JPEG and XLS (OLE2) by their magic bytes; XLSX as a zip with an entry under `xl/`; CSV as
 * valid UTF-8 text without NUL bytes. `done` turns true as soon as more bytes cannot change the answer.
 */
export class TypeSniffer {
  private head = Buffer.alloc(0);
  private mode: 'head' | 'zip' | 'text' | 'decided' = 'head';
  private decided: VaultFileType | null = null;
  private carry = Buffer.alloc(0);
  private decoder = new TextDecoder('utf-8', { fatal: true });

  get done(): boolean {
    return this.mode === 'decided';
  }

  feed(chunk: Buffer): void {
    if (this.mode === 'head') {
      const need = HEAD - this.head.length;
      this.head = Buffer.concat([this.head, chunk.subarray(0, need)]);
      chunk = chunk.subarray(Math.min(need, chunk.length));
      if (this.head.length < HEAD) return;
      this.classify();
    }
    if (this.mode === 'zip') this.scanZip(chunk);
    else if (this.mode === 'text') this.scanText(chunk, true);
  }

  /** The type once every byte was fed; null when the content is none of the accepted types. */
  finish(): VaultFileType | null {
    if (this.mode === 'head') this.classify(); // shorter than the head
    if (this.mode === 'text') {
      this.scanText(Buffer.alloc(0), false);
      if (this.mode === 'text') this.decide('csv');
    }
    if (this.mode === 'zip') this.decide(null); // a zip, but not a workbook
    return this.decided;
  }

  private decide(type: VaultFileType | null) {
    this.decided = type;
    this.mode = 'decided';
  }

  private classify() {
    const h = this.head;
    const starts = (m: Buffer) => h.length >= m.length && h.subarray(0, m.length).equals(m);
    if (starts(magic.pdf)) this.decide('pdf');
    else if (starts(magic.png)) this.decide('png');
    else if (starts(magic.jpeg)) this.decide('jpeg');
    else if (starts(magic.ole2)) this.decide('xls');
    else if (starts(magic.zip)) {
      this.mode = 'zip';
      this.carry = Buffer.from(h);
    } else {
      this.mode = 'text';
      this.scanText(h, true);
    }
  }

  /** Looks for a local file header whose entry name starts with xl/ (across chunk boundaries). */
  private scanZip(chunk: Buffer) {
    const buf = Buffer.concat([this.carry, chunk]);
    let at = buf.indexOf(magic.zip);
    while (at !== -1) {
      if (at + ZIP_HEADER + XL.length > buf.length) break; // header not complete yet: keep it in carry
      if (buf.subarray(at + ZIP_HEADER, at + ZIP_HEADER + XL.length).equals(XL)) return this.decide('xlsx');
      at = buf.indexOf(magic.zip, at + 1);
    }
    this.carry = Buffer.from(buf.subarray(Math.max(0, buf.length - (ZIP_HEADER + XL.length))));
  }

  private scanText(chunk: Buffer, more: boolean) {
    if (chunk.includes(0)) return this.decide(null);
    try {
      this.decoder.decode(chunk, { stream: more });
    } catch {
      this.decide(null);
    }
  }
}

/** A pass-through stream that feeds a sniffer with every byte it forwards. */
export function sniffingStream(sniffer: TypeSniffer): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (!sniffer.done) sniffer.feed(chunk);
      cb(null, chunk);
    },
  });
}

/** Sniffs a file on disk, reading only as far as needed (the head for most types, all of a CSV or XLSX). */
export async function sniffFile(file: string): Promise<VaultFileType | null> {
  const sniffer = new TypeSniffer();
  const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream) {
      sniffer.feed(chunk as Buffer);
      if (sniffer.done) break;
    }
  } finally {
    stream.destroy();
  }
  return sniffer.finish();
}
