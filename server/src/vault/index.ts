import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/env';
import type { Db } from '../db';
import type { SessionTokens } from '../http/session';
import type { Mailer } from '../mail';
import { onUserDeleted } from '../users/deletion';
import type { BlobStore } from './blobs';
import { localBlobStore } from './blobs/local';
import { vaultService, type VaultService } from './service';
import { vaultStorage } from './storage';
import { tusUploads } from './uploads';
import { downloadTickets } from './tickets';
import type { VaultRoutesOptions } from './routes';

export { vaultRoutes } from './routes';

/** Orphans younger than this may be mid-commit in another request; the sweep leaves them for next time. */
const SWEEP_GRACE_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

export interface Vault extends VaultRoutesOptions {
  service: VaultService;
  /** Stops the periodic sweep (call on close). */
  stop(): void;
}

/** The blob store the configuration asks for: S3 when a bucket is set, else DATA_DIR/vault on local disk. */
export function blobStoreFor(config: ServerConfig): BlobStore {
  if (!config.vault.s3) return localBlobStore(path.join(config.dataDir, 'vault'));
  // Loaded only when configured: the AWS SDK is large and most installs keep files on disk.
  const { s3BlobStore } = require('./blobs/s3') as typeof import('./blobs/s3');
  return s3BlobStore(config.vault.s3);
}

/**
 * Wires the vault domain: storage, blob store, service, tus uploads; runs the orphan sweep once at start
 * (in the background) and then hourly, and removes expired partial uploads with it.
 */
export function createVault(options: {
  database: Db;
  config: ServerConfig;
  mailer: Mailer;
  sessions: SessionTokens;
  /** The session signing secret; download tickets are signed with a key derived from it. */
  secret: Uint8Array;
  log: FastifyBaseLogger;
  blobs?: BlobStore;
}): Vault {
  const { config, log } = options;
  const blobs = options.blobs ?? blobStoreFor(config);
  const service = vaultService({ storage: vaultStorage(options.database.db), blobs, mailer: options.mailer, publicUrl: config.publicUrl, log });
  const tus = tusUploads({
    service,
    blobs,
    sessions: options.sessions,
    directory: path.join(config.dataDir, 'vault', 'tus'),
    maxBytes: config.vault.maxFileBytes,
    expiryMs: config.vault.uploadExpiryHours * 3_600_000,
  });
  const sweep = async () => {
    try {
      const result = await service.sweepOrphans(SWEEP_GRACE_MS);
      const expired = await tus.cleanUpExpiredUploads();
      if (result.orphans || result.staging || expired) log.info({ ...result, expiredUploads: expired }, 'vault sweep');
    } catch (error) {
      log.warn({ err: error }, 'vault sweep failed');
    }
  };
  // Account deletion: the rows go by cascade; the bytes are collected inside the deletion transaction
  // and removed once it has committed (anything missed is an orphan for the sweep).
  const unhook = onUserDeleted(async ({ userId, trx }) => {
    const rows = await trx.selectFrom('vault_items').select('blob_key').where('owner_id', '=', userId).where('blob_key', 'is not', null).execute();
    const keys = rows.map((r) => r.blob_key as string);
    return async () => {
      for (const key of keys) await blobs.delete(key);
    };
  });
  const first = setTimeout(() => void sweep(), 1000);
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  first.unref();
  timer.unref();
  return {
    service,
    vault: service,
    tickets: downloadTickets(options.secret),
    blobs,
    tus,
    maxBytes: config.vault.maxFileBytes,
    stop() {
      unhook();
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
