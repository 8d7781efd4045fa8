import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteDefinition, RuntimeConfig } from '@oncodesk/shared';
import { UNAVAILABLE } from './offlineRemotePlugin';

/** The remotes the shell composes, by the name their manifest URL has in the runtime config. */
export const remoteIds = { auth: 'remote_auth', vault: 'remote_vault', trials: 'remote_trials', chat: 'remote_chat' } as const;
export type RemoteKey = keyof typeof remoteIds;

/**
 * Where each remote's pages live. The shell keeps these paths even when the remote is down, so a
 * visitor sees the "unavailable, retry" panel in its place instead of a redirect.
 */
export const remotePaths: Record<RemoteKey, { signedIn: string[]; signedOut: string[] }> = {
  auth: { signedIn: ['profile', 'verification'], signedOut: ['', 'login', 'signup', 'recover-pass', 'auth', 'verification'] },
  vault: { signedIn: ['vault'], signedOut: ['download/:hash'] },
  trials: { signedIn: ['', 'clinical-trials', 'clinical-trials/*'], signedOut: [] },
  chat: { signedIn: ['chat', 'chat/*'], signedOut: [] },
};

export type LoadedRemote = { key: RemoteKey; definition: RemoteDefinition | null; error?: unknown };

export function registerFromConfig(config: RuntimeConfig, force = false): void {
  registerRemotes(
    (Object.keys(remoteIds) as RemoteKey[])
      .filter((key) => config.remotes[key])
      .map((key) => ({ name: remoteIds[key], entry: new URL(config.remotes[key], window.location.href).toString() })),
    { force },
  );
}

const TIMEOUT_MS = 8000;

/** Loads one remote's route definitions; resolves to null (never rejects) when it is down. */
export async function loadRemoteDefinition(key: RemoteKey): Promise<LoadedRemote> {
  try {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS));
    const mod = await Promise.race([loadRemote<{ default: RemoteDefinition }>(`${remoteIds[key]}/remote`), timeout]);
    const definition = (mod as { default?: RemoteDefinition } | null)?.default;
    if (!definition || (definition as unknown as Record<string, unknown>)[UNAVAILABLE]) return { key, definition: null };
    return { key, definition };
  } catch (error) {
    console.warn(`[shell] remote ${key} failed to load`, error);
    return { key, definition: null, error };
  }
}
