#!/usr/bin/env node
// `npm start`: install what is needed, build what changed, serve the whole app on the embedded
// defaults (PGlite under ./data, files on local disk) at http://localhost:8080 (or $PORT).
import path from 'node:path';
import { build, install, log, root } from './lib.mjs';
import { supervise } from './supervise.mjs';

install();
build();
log(`Starting OncoDesk on http://localhost:${process.env.PORT ?? 8080}`);
// exits as the server did; killed by a signal it is a failure (128 + signal), never 0
supervise(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
