import { lazy, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject } from '@oncodesk/shared/router';
import type { RemoteDefinition } from '@oncodesk/shared';
import { Loading } from '@oncodesk/shared/ui';
import { remotePaths, type RemoteKey } from '../mf/remotes';
import { SignedOutLayout } from '../layout/SignedOutLayout';
import { AuthRecheck } from './AuthRecheck';

// Loaded only where needed, so the sign-in page downloads none of the signed-in shell (sidebar, menus,
// dialogs) nor the error and "unavailable" panels.
const SignedInLayout = lazy(() => import('../layout/SignedInLayout').then((m) => ({ default: m.SignedInLayout })));
const ErrorPage = lazy(() => import('../components/ErrorPage').then((m) => ({ default: m.ErrorPage })));
const RemoteUnavailable = lazy(() => import('@oncodesk/shared/ui').then((m) => ({ default: m.RemoteUnavailable })));
const spinner = <Loading />;

export type RemoteState = { status: 'loading' } | { status: 'ready'; definition: RemoteDefinition } | { status: 'failed' };

/** Placeholder while a remote loads; asks for it when first shown (remotes load on demand). */
function RemoteLoading({ onShow }: { onShow: () => void }) {
  useEffect(onShow, [onShow]);
  return <Loading />;
}
export type RouteSet = 'signedIn' | 'signedOut';

const pathRoute = (path: string): RouteObject => (path === '' ? { index: true } : { path });

/** The routes one remote contributes: its own when loaded, else placeholders at the paths it owns. */
function remoteRoutes(key: RemoteKey, set: RouteSet, state: RemoteState, retry: (key: RemoteKey) => void, demand: (key: RemoteKey) => void): RouteObject[] {
  const unavailable = (
    <Suspense fallback={spinner}>
      <RemoteUnavailable name={key} onRetry={() => retry(key)} />
    </Suspense>
  );
  if (state.status === 'ready') {
    // A page chunk that fails later (remote redeployed or down) shows the same panel, inside the shell.
    return state.definition.routes[set].map((route) => ({ ...route, errorElement: unavailable }) as RouteObject);
  }
  const element = state.status === 'loading' ? <RemoteLoading onShow={() => demand(key)} /> : unavailable;
  return remotePaths[key][set].map((path) => ({ ...pathRoute(path), element }) as RouteObject);
}

/**
 * Composes the shell's routes for one route set. Unknown paths redirect to the root; switching sets
 * (sign-in, logout) is a full page load, so only one set exists per page.
 */
export function buildRoutes(
  set: RouteSet,
  remotes: Partial<Record<RemoteKey, RemoteState>>,
  retry: (key: RemoteKey) => void,
  demand: (key: RemoteKey) => void = () => {},
): RouteObject[] {
  const children: RouteObject[] = [];
  for (const key of Object.keys(remotePaths) as RemoteKey[]) {
    if (remotePaths[key][set].length === 0) continue;
    children.push(...remoteRoutes(key, set, remotes[key] ?? { status: 'loading' }, retry, demand));
  }
  if (set === 'signedIn') children.push({ path: 'auth', element: <AuthRecheck /> });
  children.push({ path: '*', element: <Navigate to="/" replace /> });
  return [
    {
      path: '/',
      element: set === 'signedIn' ? <Suspense fallback={spinner}><SignedInLayout /></Suspense> : <SignedOutLayout />,
      errorElement: <Suspense fallback={spinner}><ErrorPage /></Suspense>,
      // remote pages are lazy routes: what shows while the first one loads (React Router warns without it)
      hydrateFallbackElement: spinner,
      children,
    },
  ];
}
