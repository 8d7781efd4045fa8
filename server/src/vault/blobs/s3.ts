import fs from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, blobKeyPattern, type BlobStore } from './index';

export interface S3BlobConfig {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style URLs (http://host/bucket/key), which MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Prefix of every object key, so the vault can share a bucket. */
  prefix: string;
}

/** The S3 client settings for the configured server (shared by the blob store and the tus upload store). */
export function s3ClientConfig(config: S3BlobConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
    // aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  };
}

/** One CopyObject copies at most 5 GiB; a larger object is streamed through instead. */
const MAX_COPY_BYTES = 5 * 1024 ** 3;

/**
 * Blobs in S3-compatible object storage. S3 has no rename, so staging uploads straight to the final key
 * (multipart, streamed: lib-storage holds at most queueSize parts of partSize in memory) and commit is a
 * no-op: the object becomes visible to users only when the record is committed, and an object whose
 * record never committed is an orphan that the sweep deletes.
 */
export function s3BlobStore(config: S3BlobConfig, client?: S3Client): BlobStore {
  const s3 = client ?? new S3Client(s3ClientConfig(config));
  const objectKey = (key: string) => (assertBlobKey(key), `${config.prefix}blobs/${key}`);

  async function stage(key: string, source: Readable) {
    let size = 0;
    const body = new PassThrough();
    source.on('data', (chunk: Buffer) => (size += chunk.length));
    source.once('error', (error) => body.destroy(error));
    source.pipe(body);
    await new Upload({ client: s3, params: { Bucket: config.bucket, Key: objectKey(key), Body: body }, queueSize: 4, partSize: 8 * 1024 * 1024 }).done();
    return { size };
  }

  return {
    kind: 's3',
    stage,
    async stageFile(key, filePath) {
      const result = await stage(key, fs.createReadStream(filePath));
      await fs.promises.rm(filePath, { force: true });
      return result;
    },
    async stageObject(key, sourceKey) {
      // A finished tus upload in the same bucket: copied inside the storage server, not through this process.
      const head = await s3.send(new HeadObjectCommand({ Bucket: config.bucket, Key: sourceKey }));
      const size = head.ContentLength ?? 0;
      if (size > MAX_COPY_BYTES) {
        const source = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: sourceKey }));
        return stage(key, source.Body as Readable);
      }
      await s3.send(new CopyObjectCommand({ Bucket: config.bucket, Key: objectKey(key), CopySource: `${config.bucket}/${encodeURIComponent(sourceKey).replace(/%2F/g, '/')}` }));
      return { size };
    },
    async commit() {
      /* staged objects are already at their final key */
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
    async read(key, range) {
      const out = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      return out.Body as Readable;
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${config.prefix}blobs/`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(`${config.prefix}blobs/`.length) ?? '';
          if (blobKeyPattern.test(key)) yield { key, modified: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async clearStaging() {
      // Interrupted multipart uploads are aborted by lib-storage; a bucket lifecycle rule handles the rest.
      return 0;
    },
  };
}
