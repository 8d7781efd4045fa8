#!/usr/bin/env node
// `npm run build`: production build of the shared package, the server, the host and every remote.
import { build, install } from './lib.mjs';

install();
build({ force: process.argv.includes('--force') });
