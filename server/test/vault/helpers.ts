import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import type { FastifyInstance } from 'fastify';

/** Small files of each accepted type, made here (real magic bytes, real zip structure). */
export const samples = {
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 2), Buffer.from([0xff, 0xd9])]),
  csv: () => Buffer.from('name,dose\nCisplatino,75 mg/m²\n'),
  xls: () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0)]),
  xlsx: () => zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }),
  docx: () => zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<document/>' }),
};

export function zipOf(entries: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A multipart/form-data body with optional fields (sent first) and one file. */
export function multipart(file: { name: string; data: Buffer; type?: string } | null, fields: Record<string, string> = {}) {
  const boundary = `----oncodesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: FastifyInstance, auth: Record<string, string>, name: string, data: Buffer, parentId?: string | null) {
  const body = multipart({ name, data }, parentId ? { parentId } : {});
  return app.inject({ method: 'POST', url: '/api/file', headers: { ...auth, ...body.headers }, payload: body.payload });
}

export async function folder(app: FastifyInstance, auth: Record<string, string>, name: string, parentId: string | null = null) {
  const res = await app.inject({ method: 'POST', url: '/api/vault/folders', headers: auth, payload: { name, parentId } });
  if (res.statusCode !== 201) throw new Error(`folder ${name}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string };
}

export async function list(app: FastifyInstance, auth: Record<string, string>, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/vault/items${query ? `?${query}` : ''}`, headers: auth });
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as { items: { id: string; name: string; kind: string; size: number; fileType: string | null; activeShares: number }[]; breadcrumbs: { id: string; name: string }[] };
}

/** Everything committed on disk for one test app: blob files and staging leftovers. */
export function blobFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'vault', 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root).flatMap((shard) => fs.readdirSync(path.join(root, shard)));
}
export function stagingFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'vault', 'staging');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Mails written to the default outbox transport (DATA_DIR/outbox), newest last. */
export function outbox(dataDir: string): { to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const [head, ...body] = raw.split('\n\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
      return { to: header('To'), subject: header('Subject'), text: body.join('\n\n') };
    });
}

/** Entry names of a zip, read from its central directory (enough to check what a download contains). */
export function zipEntries(zip: Buffer): { name: string; size: number }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip');
  let count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: { name: string; size: number }[] = [];
  while (count-- > 0) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
