import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openFileReader } from './file-reader';
import { assertBlobKey, blobKeyPattern, type BlobStore } from './index';

/** Counts the bytes that pass. */
function counter() {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      cb(null, chunk);
    },
  });
  return { stream, size: () => size };
}

async function fsyncPath(p: string): Promise<void> {
  const handle = await fs.promises.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Blobs on local disk: `<root>/staging/<key>` while being written, `<root>/blobs/<ab>/<key>` once
 * committed (two-level fan-out keeps directories small). Staging and blobs share a filesystem, so commit
 * is one atomic rename followed by an fsync of the directory.
 */
export function localBlobStore(root: string): BlobStore {
  const stagingDir = path.join(root, 'staging');
  const blobsDir = path.join(root, 'blobs');
  fs.mkdirSync(stagingDir, { recursive: true, mode: 0o700 });
  fs.mkdirSync(blobsDir, { recursive: true, mode: 0o700 });
  const staged = (key: string) => (assertBlobKey(key), path.join(stagingDir, key));
  const final = (key: string) => (assertBlobKey(key), path.join(blobsDir, key.slice(0, 2), key));

  return {
    kind: 'local',
    async stage(key, source) {
      const file = staged(key);
      const count = counter();
      try {
        // 1 MiB buffer: fewer write syscalls for large uploads; the request stream decides the pace.
        await pipeline(source, count.stream, fs.createWriteStream(file, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }));
        await fsyncPath(file);
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return { size: count.size() };
    },
    async stageFile(key, filePath) {
      const file = staged(key);
      await fsyncPath(filePath);
      try {
        await fs.promises.rename(filePath, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another filesystem: copy (still staged, so never visible half-written), then drop the source.
        await fs.promises.copyFile(filePath, file);
        await fsyncPath(file);
        await fs.promises.rm(filePath, { force: true });
      }
      return { size: (await fs.promises.stat(file)).size };
    },
    async commit(key) {
      const target = final(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.promises.rename(staged(key), target);
      // The rename is durable only once its directory is synced.
      await fsyncPath(path.dirname(target));
    },
    async delete(key) {
      await fs.promises.rm(staged(key), { force: true });
      await fs.promises.rm(final(key), { force: true });
    },
    async read(key, range) {
      // Read-ahead (several 1 MiB reads in flight) keeps the disk busy while chunks go out on the socket;
      // a missing file rejects here rather than as a stream error mid-response.
      return openFileReader(final(key), { chunkSize: 1 << 20, depth: 4, start: range?.start, end: range?.end });
    },
    async *list() {
      for (const shard of await fs.promises.readdir(blobsDir).catch(() => [] as string[])) {
        const dir = path.join(blobsDir, shard);
        for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
          if (!blobKeyPattern.test(name)) continue;
          const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
          if (stat) yield { key: name, modified: stat.mtime };
        }
      }
    },
    async clearStaging(olderThanMs) {
      let removed = 0;
      for (const name of await fs.promises.readdir(stagingDir).catch(() => [] as string[])) {
        const file = path.join(stagingDir, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs >= olderThanMs) {
          await fs.promises.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
