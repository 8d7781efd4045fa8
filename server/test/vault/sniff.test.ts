import { TypeSniffer } from '../../src/vault/sniff';
import { samples } from './helpers';

/** Feeds the bytes in pieces of the given size, as a network would. */
async function sniff(data: Buffer, piece: number) {
  const s = new TypeSniffer();
  for (let i = 0; i < data.length && !s.done; i += piece) s.feed(data.subarray(i, i + piece));
  return s.finish();
}

describe('content sniffing', () => {
  it.each([1, 3, 7, 64, 100000])('recognises every accepted type fed in pieces of %i bytes', async (piece) => {
    expect(await sniff(samples.pdf(), piece)).toBe('pdf');
    expect(await sniff(samples.png(), piece)).toBe('png');
    expect(await sniff(samples.jpeg(), piece)).toBe('jpeg');
    expect(await sniff(samples.xls(), piece)).toBe('xls');
    expect(await sniff(await samples.xlsx(), piece)).toBe('xlsx');
    expect(await sniff(samples.csv(), piece)).toBe('csv');
    // A multi-byte character split across pieces is still valid UTF-8.
    expect(await sniff(Buffer.from('a,é,€,😀\n'), piece)).toBe('csv');
  });

  it.each([
    ['a zip without xl/ parts', async () => samples.docx()],
    ['NUL bytes', async () => Buffer.from('a,b\n\u0000c,d\n')],
    ['invalid UTF-8', async () => Buffer.from([0x61, 0xff, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68])],
    ['a truncated UTF-8 sequence at the end', async () => Buffer.from([0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xe2, 0x82])],
    ['a GIF', async () => Buffer.from('GIF89a\u0001\u0000\u0001\u0000')],
  ])('refuses %s', async (_what, make) => {
    expect(await sniff(await make(), 3)).toBeNull();
  });

  it('decides PDFs from the head alone', () => {
    const s = new TypeSniffer();
    s.feed(Buffer.from('%PDF-1.4\n'));
    expect(s.done).toBe(true);
  });
});
