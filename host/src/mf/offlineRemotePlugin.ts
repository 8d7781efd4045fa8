import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker module returned in place of a remote that could not be loaded. */
export const UNAVAILABLE = '__oncodesk_remote_unavailable__';

/**
 * A remote that is down or broken must not take the shell down (after the module-federation example
 * runtime-plugins/offline-remote): instead of throwing, loading resolves to a marker the shell renders
 * as the "unavailable, retry" panel.
 */
const offlineRemotePlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'oncodesk-offline-remote',
  async errorLoadRemote({ id, error, lifecycle }) {
    console.warn(`[shell] remote module ${id} unavailable (${lifecycle})`, error);
    return { [UNAVAILABLE]: true, default: { [UNAVAILABLE]: true } };
  },
});

export default offlineRemotePlugin;
