// Helpers shared by the project scripts (start, test, build): running commands, hashing sources.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apps = ['host', 'remote-auth', 'remote-vault', 'remote-trials', 'remote-chat'];
export const packages = ['shared', 'server', ...apps, 'e2e'];

export function log(message) {
  console.log(`\n\u001b[1m▶ ${message}\u001b[0m`);
}

/** Runs a command in the repo (or `cwd`), inheriting output; returns true on success. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: options.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  return result.status === 0;
}

/** Runs a package's local binary (node_modules/.bin) in that package. */
export function bin(pkg, name, args, options = {}) {
  return run(path.join(root, pkg, 'node_modules', '.bin', name), args, { ...options, cwd: path.join(root, pkg) });
}

/** Installs the workspace exactly as the lockfile says (fast when nothing changed). */
export function install() {
  log('Installing dependencies (pnpm, from the lockfile)');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** A hash of everything a package's build reads: its sources, its config, shared's sources, the lockfile. */
export function sourceHash(pkg) {
  const files = [];
  for (const dir of [pkg, 'shared'].map((p) => path.join(root, p))) walk(dir, files);
  files.push(path.join(root, 'pnpm-lock.yaml'));
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(file).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Builds each package whose sources changed since its last build (the hash is kept in dist/). */
export function build({ force = false } = {}) {
  const stamp = (pkg) => path.join(root, pkg, 'dist', '.build-hash');
  const steps = [
    ['shared', () => bin('shared', 'swc', ['src', '-d', 'dist', '--strip-leading-paths', '-C', 'module.type=commonjs', '--quiet'])],
    ['server', () => bin('server', 'swc', ['src', '-d', 'dist', '--strip-leading-paths', '--quiet'])],
    ...apps.map((app) => [app, () => bin(app, 'webpack', ['--mode', 'production'])]),
  ];
  for (const [pkg, step] of steps) {
    const hash = sourceHash(pkg);
    if (!force && fs.existsSync(stamp(pkg)) && fs.readFileSync(stamp(pkg), 'utf8') === hash) {
      console.log(`  ${pkg}: up to date`);
      continue;
    }
    log(`Building ${pkg}`);
    if (!step()) throw new Error(`build of ${pkg} failed`);
    fs.mkdirSync(path.dirname(stamp(pkg)), { recursive: true });
    fs.writeFileSync(stamp(pkg), hash);
  }
}

export { spawn };
