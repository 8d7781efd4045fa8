import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_VAULT_ACCOUNT_LIMITS, type ServerConfig } from '../config/env';
import type { Db } from '../db';
import type { SessionTokens } from '../http/session';
import type { Mailer } from '../mail';
import { onUserDeleted } from '../users/deletion';
import type { BlobStore } from './blobs';
import { localBlobStore } from './blobs/local';
import { vaultService, type VaultService } from './service';
import { vaultStorage } from './storage';
import { localUploadArea, tusUploads, type UploadArea } from './uploads';
import { PgUploadLocker } from './uploadLocks';
import { DEFAULT_STALL_MS } from '../http/stall';
import { downloadTickets } from './tickets';
import { vaultAccountLimits } from './accountLimits';
import type { VaultRoutesOptions } from './routes';

export { vaultRoutes } from './routes';

/** Orphans younger than this may be mid-commit in another request; the sweep leaves them for next time. */
const SWEEP_GRACE_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

export interface Vault extends VaultRoutesOptions {
  service: VaultService;
  /** Where partial resumable uploads wait (local disk or the S3 bucket). */
  uploads: UploadArea;
  /**
   * One sweep: blobs without a record and staging leftovers, then resumable uploads created more than
   * VAULT_UPLOAD_EXPIRY_HOURS before `now`. Safe to run on any instance, at any time, in parallel; the
   * periodic run below is this call, and a job queue may call it instead.
   */
  sweep(now?: Date): Promise<{ orphans: number; staging: number; expiredUploads: number }>;
  /** Stops the periodic sweep and closes the upload lock connection (call on close). */
  stop(): Promise<void>;
}

/** The upload area the configuration asks for: the S3 bucket when one is set, else DATA_DIR/vault/tus. */
export function uploadAreaFor(config: ServerConfig): UploadArea {
  const expiryMs = config.vault.uploadExpiryHours * 3_600_000;
  if (!config.vault.s3) return localUploadArea(path.join(config.dataDir, 'vault', 'tus'), expiryMs);
  const { s3UploadArea } = require('./uploads-s3') as typeof import('./uploads-s3');
  return s3UploadArea(config.vault.s3, expiryMs);
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
  /** false: the caller runs `sweep` as a job (once across instances: vault/jobs.ts); default: timers here. */
  periodicSweep?: boolean;
}): Vault {
  const { config, log } = options;
  const blobs = options.blobs ?? blobStoreFor(config);
  const limits = vaultAccountLimits(options.database.db, config.vault.accountLimits ?? DEFAULT_VAULT_ACCOUNT_LIMITS, config.vault.uploadExpiryHours);
  const service = vaultService({ storage: vaultStorage(options.database.db), blobs, mailer: options.mailer, publicUrl: config.publicUrl, log, limits });
  const uploads = uploadAreaFor(config);
  // Instances share PostgreSQL: an upload is locked across all of them. PGlite is one process: in-process locks.
  const locker = options.database.kind === 'postgres' && options.database.url ? new PgUploadLocker(options.database.url, 30_000, log) : undefined;
  const tus = tusUploads({ service, blobs, sessions: options.sessions, area: uploads, maxBytes: config.vault.maxFileBytes, locker, log, limits });
  const sweepOnce = async (now = new Date()) => {
    const result = await service.sweepOrphans(SWEEP_GRACE_MS);
    const expiredUploads = await uploads.expire(now);
    await limits.expireUploads();
    if (result.orphans || result.staging || expiredUploads) log.info({ ...result, expiredUploads }, 'vault sweep');
    return { ...result, expiredUploads };
  };
  const sweep = async () => {
    try {
      await sweepOnce();
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
  const periodic = options.periodicSweep !== false;
  const first = periodic ? setTimeout(() => void sweep(), 1000) : undefined;
  const timer = periodic ? setInterval(() => void sweep(), SWEEP_EVERY_MS) : undefined;
  first?.unref();
  timer?.unref();
  return {
    service,
    vault: service,
    tickets: downloadTickets(options.secret, options.sessions),
    blobs,
    tus,
    uploads,
    maxBytes: config.vault.maxFileBytes,
    stallMs: (config.vault.uploadStallSeconds ?? DEFAULT_STALL_MS / 1000) * 1000,
    sweep: sweepOnce,
    async stop() {
      unhook();
      clearTimeout(first);
      clearInterval(timer);
      await locker?.close();
    },
  };
}
