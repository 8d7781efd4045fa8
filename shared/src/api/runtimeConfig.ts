import type { RuntimeConfig } from '../contracts/config';

/**
 * The runtime configuration (/config/runtime.json) is loaded once per page and pinned on globalThis,
 * so the host and separately built remotes read the same values without rebuilding.
 */
const KEY = Symbol.for('oncodesk.runtime-config/v1');
type Holder = Record<symbol, Promise<RuntimeConfig> | RuntimeConfig | undefined>;

export function loadRuntimeConfig(url = '/config/runtime.json'): Promise<RuntimeConfig> {
  const g = globalThis as unknown as Holder;
  const existing = g[KEY];
  if (existing) return Promise.resolve(existing);
  const pending = fetch(url, { cache: 'no-store' })
    .then((r) => {
      if (!r.ok) throw new Error(`runtime config: HTTP ${r.status}`);
      return r.json();
    })
    .then((json) => {
      const config = checkRuntimeConfig(json);
      g[KEY] = config;
      return config;
    })
    .catch((error) => {
      g[KEY] = undefined; // allow a retry
      throw error;
    });
  g[KEY] = pending;
  return pending;
}

/**
 * The server builds /config/runtime.json from its environment and validates it against the RuntimeConfig
 * contract (server/src/config); the browser only checks its outline, so zod is not needed before the
 * first screen is interactive.
 */
function checkRuntimeConfig(json: unknown): RuntimeConfig {
  const value = json as Partial<RuntimeConfig> | null;
  const isRecord = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(value) || !isRecord(value!.remotes) || !isRecord(value!.services) || typeof value!.services!.api !== 'string' || !isRecord(value!.features)) {
    throw new Error('runtime config: not a runtime configuration');
  }
  return value as RuntimeConfig;
}

/** Sets the config directly (tests, embedding pages that pass their own). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  (globalThis as unknown as Holder)[KEY] = config;
}

/** The loaded config, or null when not loaded yet. */
export function runtimeConfig(): RuntimeConfig | null {
  const value = (globalThis as unknown as Holder)[KEY];
  return value && !(value instanceof Promise) ? value : null;
}
