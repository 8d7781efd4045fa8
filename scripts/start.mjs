#!/usr/bin/env node
// `npm start`: install what is needed, build what changed, serve the whole app on the embedded
// defaults (PGlite under ./data, files on local disk) at http://localhost:8080.
import path from 'node:path';
import { build, install, log, root, spawn } from './lib.mjs';

install();
build();
log(`Starting OncoDesk on http://localhost:${process.env.PORT ?? 8080}`);
const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
