import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// s3rver: an S3-compatible server from npm (dev dependency), so the S3 stores run against a real S3 API.
import S3rver from 's3rver';
import type { S3BlobConfig } from '../../src/vault/blobs/s3';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * s3rver 3.7 stores multipart uploads but does not answer three of the calls about them that
 * @tus/s3-store makes (ListParts, AbortMultipartUpload, ListMultipartUploads: "NotImplemented" or 405).
 * This adds them to the test server, read from s3rver's own files (an upload is a folder holding its
 * key and one file per part), so the tus store runs against the same server as the blob store. It
 * stands in for the storage service only — the project's code under test is untouched.
 */
function multipartListing(server: S3rver): Middleware {
  const store = (server as unknown as { store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string } }).store;
  const uploadsOf = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  const partsOf = (dir: string) =>
    fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name) && fs.existsSync(path.join(dir, `${name}.md5`)))
      .map((name) => {
        const stat = fs.statSync(path.join(dir, name));
        return { PartNumber: Number(name), ETag: JSON.stringify(fs.readFileSync(path.join(dir, `${name}.md5`), 'utf8')), Size: stat.size, LastModified: stat.mtime.toISOString() };
      })
      .sort((a, b) => a.PartNumber - b.PartNumber);
  return async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const uploadId = ctx.query.uploadId;
    if (key && uploadId && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsOf(bucket), uploadId);
      if (!/^[0-9a-f]+$/.test(uploadId) || !fs.existsSync(dir)) {
        ctx.status = 404;
        ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.', UploadId: uploadId } };
        return;
      }
      if (ctx.method === 'DELETE') {
        fs.rmSync(dir, { recursive: true, force: true });
        ctx.status = 204;
        ctx.body = '';
        return;
      }
      ctx.body = { ListPartsResult: { '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' }, Bucket: bucket, Key: key, UploadId: uploadId, IsTruncated: false, Part: partsOf(dir) } };
      return;
    }
    if (!key && bucket && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const root = uploadsOf(bucket);
      const prefix = ctx.query.prefix ?? '';
      const uploads = (fs.existsSync(root) ? fs.readdirSync(root) : [])
        .map((id) => ({ id, keyFile: path.join(root, id, 'key') }))
        .filter(({ keyFile }) => fs.existsSync(keyFile))
        .map(({ id, keyFile }) => ({ Key: fs.readFileSync(keyFile, 'utf8'), UploadId: id, Initiated: fs.statSync(keyFile).mtime.toISOString() }))
        .filter((u) => u.Key.startsWith(prefix));
      ctx.body = { ListMultipartUploadsResult: { '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' }, Bucket: bucket, Prefix: prefix, IsTruncated: false, Upload: uploads } };
      return;
    }
    await next();
  };
}

export interface TestS3 {
  config: S3BlobConfig;
  /** Every object key in the bucket, and the keys of multipart uploads still open. */
  keys(): string[];
  openMultipartUploads(): string[];
  close(): Promise<void>;
}

/** An s3rver with a bucket `vault` on a free port, in a temporary folder. */
export async function startS3(prefix = 'test/'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'vault', configs: [] }] });
  // After s3rver's XML encoder (which wraps what runs after it) and before its router.
  (server as unknown as { middleware: Middleware[] }).middleware.splice(2, 0, multipartListing(server));
  const { port } = (await server.run()) as { port: number };
  const config: S3BlobConfig = { endpoint: `http://127.0.0.1:${port}`, bucket: 'vault', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix };
  const store = (server as unknown as { store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string } }).store;
  return {
    config,
    keys() {
      const root = path.join(dir, 'vault');
      const out: string[] = [];
      const walk = (d: string, rel: string) => {
        for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
          if (entry.name.includes('._S3rver_')) {
            if (entry.name.endsWith('._S3rver_object')) out.push(`${rel}${entry.name.replace(/\._S3rver_object$/, '')}`);
            continue;
          }
          if (entry.isDirectory()) walk(path.join(d, entry.name), `${rel}${entry.name}/`);
        }
      };
      if (fs.existsSync(root)) walk(root, '');
      return out.sort();
    },
    openMultipartUploads() {
      const root = store.getResourcePath('vault', undefined, 'uploads');
      return fs.existsSync(root) ? fs.readdirSync(root).filter((id) => fs.existsSync(path.join(root, id, 'key'))).map((id) => fs.readFileSync(path.join(root, id, 'key'), 'utf8')) : [];
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
