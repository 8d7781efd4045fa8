import path from 'node:path';

/**
 * The one place that knows where the public reference data lives (never copied into the repo).
 * SHARED_DATA_DIR overrides; the default is ../shared/data beside the project root.
 */
export function sharedDataDir(): string {
  if (process.env.SHARED_DATA_DIR) return path.resolve(process.env.SHARED_DATA_DIR);
  // server/src/config or server/dist/config -> project root is three levels up.
  return path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'data');
}
