#!/usr/bin/env node
// `npm run build`: production build of the shared package, the server, the host and every remote.
import { build, install } from './lib.mjs';

// --no-install: `npm test` installs once before it runs the build beside other steps
if (!process.argv.includes('--no-install')) install();
build({ force: process.argv.includes('--force') });
