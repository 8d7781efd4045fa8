import { StrictMode, useMemo, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createMemoryRouter, RouterProvider, Outlet, type RouteObject } from '@oncodesk/shared/router';
import ConfigProvider from 'antd/es/config-provider';
// The page-wide singletons by package name (a relative path would bundle second copies of their state).
import { bus, changeLanguage, initI18n, loadRuntimeConfig, registerLocales, setRuntimeConfig, storage } from '@oncodesk/shared';
import { antdCsp, BetaNotice, prepareForCsp, setCspNonce, ToastHost } from '../ui';
import { theme } from '../ui/theme';
import type { MountFn, MountProps, RemoteDefinition } from '@oncodesk/shared';

/** webpack's chunk loader puts this nonce on the <script> tags it adds (this remote's own runtime). */
declare let __webpack_nonce__: string | undefined;

/** The minimal shell a remote gets when it runs alone: theme, toasts, the beta notice. */
export function StandaloneShell({ children }: { children: ReactNode }) {
  const csp = useMemo(antdCsp, []);
  return (
    <ConfigProvider theme={theme} csp={csp}>
      <ToastHost />
      <BetaNotice />
      {children}
    </ConfigProvider>
  );
}

function routesFor(remote: RemoteDefinition): RouteObject[] {
  const signedIn = storage.get('jwt') !== null;
  const own = signedIn ? [...remote.routes.signedIn, ...remote.routes.signedOut] : remote.routes.signedOut;
  // pages are lazy routes: an empty frame while the first one loads (React Router warns without a fallback)
  return [{ element: <StandaloneShell><Outlet /></StandaloneShell>, hydrateFallbackElement: <div aria-busy="true" />, children: own }];
}

/** Builds the `mount(el, props)` an integrator calls to embed one remote alone. */
export function createMount(remote: RemoteDefinition): MountFn {
  return (el: HTMLElement, props: MountProps = {}) => {
    let current = { ...props };
    // under the page's Content-Security-Policy: the embedding page's nonce, else the app page's meta tag
    setCspNonce(props.nonce);
    if (props.nonce && typeof __webpack_nonce__ !== 'undefined') __webpack_nonce__ = props.nonce;
    prepareForCsp();
    if (props.jwt !== undefined) storage.set('jwt', props.jwt);
    initI18n(props.language ?? storage.get('language'));
    registerLocales(remote.namespace, remote.locales);
    const root = createRoot(el);
    let disposed = false;
    void loadRuntimeConfig(props.configUrl)
      .then((config) => {
        // Resolve the API against the config's origin: on a foreign page a relative /api would miss the app.
        const base = props.configUrl ? new URL(props.configUrl, window.location.href).toString() : window.location.href;
        const api = props.apiBaseUrl ?? new URL(config.services.api, base).toString();
        setRuntimeConfig({ ...config, services: { ...config.services, api } });
      })
      .catch(() => null) // without config the client falls back to /api
      .then(() => {
        if (disposed) return;
        const routes = routesFor(remote);
        const firstPath = routes[0].children?.find((r) => r.path)?.path ?? '/';
        const router = props.browserRouting
          ? createBrowserRouter(routes)
          : createMemoryRouter(routes, { initialEntries: [props.initialPath ?? '/' + firstPath.replace(/^\//, '')] });
        root.render(
          <StrictMode>
            <RouterProvider router={router} />
          </StrictMode>,
        );
      });
    return {
      update(next) {
        current = { ...current, ...next };
        if (next.language) changeLanguage(next.language);
        if (next.jwt !== undefined) {
          storage.set('jwt', next.jwt);
          bus.emit('auth:changed/v1', { jwt: next.jwt, user: storage.get('user') });
        }
      },
      unmount() {
        disposed = true;
        root.unmount();
      },
    };
  };
}
