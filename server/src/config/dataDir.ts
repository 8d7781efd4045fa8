import fs from 'node:fs';
import path from 'node:path';

/** Written once every file under DATA_DIR has been made private, so later starts skip the walk. */
const MARKER = '.private-v1';

/**
 * DATA_DIR holds password hashes, sessions and patient data (PGlite), vault files, the mail outbox and the
 * signing secret: only the server's own user may read it. Files are created 0600 and folders 0700 from
 * here on (the process umask 077: PGlite creates its files itself, through Node's fs, so a mode per call
 * cannot reach them), and what an older release left readable (0644 files in 0755 folders) is tightened
 * once. Symbolic links are left alone (what they point at is the operator's).
 */
export function protectDataDir(dataDir: string): void {
  try {
    process.umask(0o077);
  } catch {
    // worker threads may not change the umask; modes given explicitly (secrets, vault, outbox) still hold
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.existsSync(path.join(dataDir, MARKER))) return;
  tighten(dataDir);
  fs.writeFileSync(path.join(dataDir, MARKER), 'files here are 0600 and folders 0700\n', { mode: 0o600 });
}

function tighten(dir: string): void {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(full);
    else if (entry.isFile()) fs.chmodSync(full, 0o600);
  }
}
