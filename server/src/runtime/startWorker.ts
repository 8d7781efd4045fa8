import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The project's TypeScript loader (swc on require), the one the benches and CLIs run with. */
const TS_LOADER = path.join(__dirname, '../../bench/register.cjs');

/**
 * Starts a worker thread on one of the server's modules (pass `require.resolve('./thatModule')`), the
 * one way every worker of the server starts: the build (dist/*.js) runs the module as is; from the
 * TypeScript sources (jest, the benches, the CLIs) the module resolves to a .ts file, on which a worker
 * cannot start (the parent's loader is not inherited by workers), so the worker runs a two-line bootstrap
 * that registers the project's loader and then requires the module. Tests thus run the same worker code
 * as production.
 */
export function startWorker(moduleFile: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  if (!moduleFile.endsWith('.ts')) return new Worker(moduleFile, options);
  return new Worker(`require(${JSON.stringify(TS_LOADER)}); require(${JSON.stringify(moduleFile)});`, { ...options, eval: true });
}
