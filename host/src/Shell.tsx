import { lazy, StrictMode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from '@oncodesk/shared/router';
import ConfigProvider from 'antd/es/config-provider';
import { bus, registerLocales, whenIdle, type RuntimeConfig } from '@oncodesk/shared';
import { antdCsp, theme, ToastHost } from '@oncodesk/shared/ui';

// Only signed-in pages spend searches; loaded lazily so the sign-in page does not download it.
const UpgradePromptHost = lazy(() => import('@oncodesk/shared/ui').then((m) => ({ default: m.UpgradePromptHost })));
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
  // antd's injected <style> elements carry the page's CSP nonce (read from the served index.html)
  const csp = useMemo(antdCsp, []);
  // Remotes asked for (shown or loading) and remotes fetched ahead of need but not yet shown.
  const requested = useRef(new Set<RemoteKey>(Object.keys(initial) as RemoteKey[]));
  const prefetched = useRef(new Map<RemoteKey, Promise<RemoteState>>());

  // Showing a remote rebuilds the router (it keeps the URL). That only happens when a visitor goes to a
  // section whose placeholder is on screen, so no page with state of its own is ever remounted by it.
  const load = useCallback(async (key: RemoteKey) => {
    requested.current.add(key);
    const pending = prefetched.current.get(key) ?? loadRemoteState(key);
    prefetched.current.delete(key);
    setRemotes((r) => ({ ...r, [key]: { status: 'loading' } }));
    const state = await pending;
    setRemotes((r) => ({ ...r, [key]: state }));
  }, []);

  const retry = useCallback(
    (key: RemoteKey) => {
      registerFromConfig({ ...config, remotes: { [key]: config.remotes[key] } }, true);
      prefetched.current.delete(key);
      void load(key);
    },
    [config, load],
  );

  // Other remotes load on demand, when a route of theirs is visited (see buildRoutes): the first screen
  // downloads nothing it does not show. Signed in, their code is also fetched once the page has loaded
  // and the browser is idle (without touching the router), so moving between sections is instant.
  useEffect(() => {
    if (set !== 'signedIn') return;
    const prefetch = () => {
      for (const key of remotesFor(set)) {
        if (!requested.current.has(key) && !prefetched.current.has(key)) prefetched.current.set(key, loadRemoteState(key));
      }
    };
    return whenIdle(prefetch, 5000);
  }, [set]);

  const demand = useCallback(
    (key: RemoteKey) => {
      if (!requested.current.has(key)) void load(key);
    },
    [load],
  );
  const router = useMemo(() => createBrowserRouter(buildRoutes(set, remotes, retry, demand)), [set, remotes, retry, demand]);
  useEffect(() => bus.on('user:refresh-requested/v1', () => void useAuthStore.getState().restore()), []);
  useEffect(() => bus.on('nav:navigate/v1', ({ to, fullReload }) => (fullReload ? window.location.assign(to) : void router.navigate(to))), [router]);

  return (
    <StrictMode>
      <ConfigProvider theme={theme} csp={csp}>
        <ToastHost />
        {set === 'signedIn' && (
          <Suspense fallback={null}>
            <UpgradePromptHost />
          </Suspense>
        )}
        <RouterProvider router={router} />
      </ConfigProvider>
    </StrictMode>
  );
}
