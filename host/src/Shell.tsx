import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import AntApp from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { bus, registerLocales, type RuntimeConfig } from '@oncodesk/shared';
import { theme, ToastHost } from '@oncodesk/shared/ui';
import { loadRemoteDefinition, registerFromConfig, remotePaths, type RemoteKey } from './mf/remotes';
import { useAuthStore } from './state/authStore';
import { buildRoutes, type RemoteState, type RouteSet } from './routes/buildRoutes';

/** The remote that owns a path in a route set (it is loaded first; the others follow in the background). */
export function remoteForPath(set: RouteSet, pathname: string): RemoteKey | null {
  for (const key of Object.keys(remotePaths) as RemoteKey[]) {
    const routes: RouteObject[] = remotePaths[key][set].map((p) => (p === '' ? { index: true } : { path: p }));
    const matches = matchRoutes([{ path: '/', children: routes }], pathname) ?? [];
    if (matches.length > 1) return key; // the layout route plus one of this remote's routes
  }
  return null;
}

export function remotesFor(set: RouteSet): RemoteKey[] {
  return (Object.keys(remotePaths) as RemoteKey[]).filter((k) => remotePaths[k][set].length > 0);
}

/** Loads a remote's definition and registers its translations; never throws. */
export async function loadRemoteState(key: RemoteKey): Promise<RemoteState> {
  const { definition } = await loadRemoteDefinition(key);
  if (!definition) return { status: 'failed' };
  registerLocales(definition.namespace, definition.locales);
  return { status: 'ready', definition };
}

interface ShellProps {
  set: RouteSet;
  config: RuntimeConfig;
  initial: Partial<Record<RemoteKey, RemoteState>>;
}

export function Shell({ set, config, initial }: ShellProps) {
  const [remotes, setRemotes] = useState(initial);

  const load = useCallback(async (key: RemoteKey) => {
    setRemotes((r) => ({ ...r, [key]: { status: 'loading' } }));
    const state = await loadRemoteState(key);
    setRemotes((r) => ({ ...r, [key]: state }));
  }, []);

  const retry = useCallback(
    (key: RemoteKey) => {
      registerFromConfig({ ...config, remotes: { [key]: config.remotes[key] } }, true);
      void load(key);
    },
    [config, load],
  );

  // Remotes not needed for the first screen load after it, in the background.
  useEffect(() => {
    for (const key of remotesFor(set)) if (!initial[key]) void load(key);
  }, [set, initial, load]);

  // The router is rebuilt when a remote arrives; it reads the current URL, so the visitor stays put.
  const router = useMemo(() => createBrowserRouter(buildRoutes(set, remotes, retry)), [set, remotes, retry]);
  useEffect(() => bus.on('user:refresh-requested/v1', () => void useAuthStore.getState().restore()), []);
  useEffect(() => bus.on('nav:navigate/v1', ({ to, fullReload }) => (fullReload ? window.location.assign(to) : void router.navigate(to))), [router]);

  return (
    <StrictMode>
      <ConfigProvider theme={theme}>
        <AntApp>
          <ToastHost />
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </StrictMode>
  );
}
