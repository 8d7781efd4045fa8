#!/usr/bin/env node
// Runs one command (inheriting its output) and writes the CPU seconds it used, with every process it started
// and waited for, to the file named by CPU_TIME_FILE. `npm test` reports these beside wall times, since on a
// shared or loaded machine wall time alone says little. Linux only (/proc); elsewhere nothing is written.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: 'inherit' });
try {
  // /proc/self/stat after the command's name: field 16 cutime and 17 cstime (children reaped), in 1/100 s
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  fs.writeFileSync(process.env.CPU_TIME_FILE, String((Number(fields[13]) + Number(fields[14])) / 100));
} catch {
  /* not Linux: no CPU figure */
}
process.exit(result.status ?? 1);
