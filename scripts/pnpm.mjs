#!/usr/bin/env node
// Runs the workspace's pinned pnpm without a global install: npm fetches it once into its cache.
// Every project script goes through here so a fresh clone needs nothing but Node and npm.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { packageManager } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['--yes', packageManager, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    ...options,
  });
  if (result.status !== 0 && !options.allowFailure) {
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  pnpm(process.argv.slice(2));
}
