import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/server';
import type { VaultFileType } from '@oncodesk/shared/contracts';
import { s3ClientConfig, type S3BlobConfig } from './blobs/s3';
import { TypeSniffer } from './sniff';
import type { UploadArea } from './uploads';

/** Upload ids as they appear in URLs: the tus server's default 32 hex characters. */
const urlIdPattern = /^[0-9a-f]{32}$/;

/**
 * No metadata cache: S3Store keeps each upload's `.info` in a per-process map by default, which another
 * instance would never see change (a declared length, a removal). Every instance reads the bucket.
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

/**
 * Partial resumable uploads in the vault's bucket (@tus/s3-store), so that any instance can continue an
 * upload another one started: under `<prefix>uploads/<id>` an S3 multipart upload holds the parts,
 * `<id>.info` the upload's metadata (owner, name, folder, size) and `<id>.part` a tail shorter than S3's
 * 5 MiB minimum part until the next PATCH completes it. The offset is read from the bucket on every
 * request (ListParts + the tail's size).
 */
class VaultS3Store extends S3Store {
  constructor(
    private readonly prefix: string,
    config: S3BlobConfig,
    expirationPeriodInMilliseconds: number,
  ) {
    // useTags off: tags only serve a bucket lifecycle rule keyed on them, and several S3-compatible
    // servers refuse tagging; expiry is swept by `expire` below.
    super({ s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket }, expirationPeriodInMilliseconds, useTags: false, cache: noCache });
  }

  /**
   * Expired uploads under this vault's prefix only (S3Store's own deleteExpired aborts every multipart
   * upload in the bucket, including other applications' and the blob store's): multipart uploads started
   * before `now - expiry` are aborted, and any object left under the prefix from before then (metadata,
   * tails, a finished upload whose commit never happened) is deleted. Returns how many uploads went.
   */
  async expire(now: Date): Promise<number> {
    const expiry = this.getExpiration();
    if (!expiry) return 0;
    const cutoff = now.getTime() - expiry;
    const uploadsPrefix = `${this.prefix}uploads/`;
    const expired = new Set<string>();
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.listMultipartUploads({ Bucket: this.bucket, Prefix: uploadsPrefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker });
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() > cutoff) continue;
        await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId });
        expired.add(upload.Key);
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({ Bucket: this.bucket, Prefix: uploadsPrefix, ContinuationToken: token });
      const stale = (page.Contents ?? []).filter((o) => o.Key && (o.LastModified?.getTime() ?? 0) <= cutoff).map((o) => o.Key as string);
      for (const key of stale) expired.add(key.replace(/\.(info|part)$/, ''));
      if (stale.length) await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: stale.map((Key) => ({ Key })) } });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return expired.size;
  }

  /** Termination (DELETE): S3Store's own removal leaves the `.part` tail behind in the bucket. */
  override async remove(id: string): Promise<void> {
    await super.remove(id);
    await this.discard(id);
  }

  /** Removes every object of an upload (finished or not); missing ones are not an error. */
  async discard(id: string): Promise<void> {
    await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] } });
  }

  /** The finished upload's bytes (the completed multipart object). */
  async body(id: string): Promise<Readable> {
    return (await this.client.getObject({ Bucket: this.bucket, Key: id })).Body as Readable;
  }
}

export function s3UploadArea(config: S3BlobConfig, expiryMs: number): UploadArea {
  const prefix = `${config.prefix}uploads/`;
  const store = new VaultS3Store(config.prefix, config, expiryMs);
  return {
    kind: 's3',
    datastore: store,
    newId: () => `${prefix}${crypto.randomBytes(16).toString('hex')}`,
    urlIdOf: (id) => id.slice(prefix.length),
    idOfUrl: (urlId) => (urlIdPattern.test(urlId) ? `${prefix}${urlId}` : undefined),
    async sniff(id): Promise<VaultFileType | null> {
      const sniffer = new TypeSniffer();
      const body = await store.body(id);
      try {
        for await (const chunk of body) {
          sniffer.feed(chunk as Buffer);
          if (sniffer.done) break;
        }
      } finally {
        body.destroy();
      }
      return sniffer.finish();
    },
    async stage(blobs, key, id) {
      if (blobs.stageObject) return blobs.stageObject(key, id);
      return blobs.stage(key, await store.body(id));
    },
    discard: (id) => store.discard(id),
    expire: (now) => store.expire(now),
  };
}
