import { createRoot } from 'react-dom/client';
import { initI18n, loadRuntimeConfig, registerLocales, type RuntimeConfig } from '@oncodesk/shared';
import { ensureGlobalStyles, prepareForCsp } from '@oncodesk/shared/ui';
import en from './locales/en.json';
import es from './locales/es.json';
import it from './locales/it.json';
import { ensureShellStyles } from './layout/shellStyles';
import { registerFromConfig } from './mf/remotes';
import { antdProviders } from './mf/antdProviders';
import { useAuthStore } from './state/authStore';
import { loadRemoteState, remoteForPath, Shell } from './Shell';

/** Keeps the antd providers referenced (see antdProviders.ts); exposed for debugging which ones exist. */
(globalThis as Record<string, unknown>).__oncodeskAntdProviders = Object.keys(antdProviders);

async function start() {
  // under the server's Content-Security-Policy: injected <style> elements need the page's nonce, no eval (csp.ts)
  prepareForCsp();
  ensureGlobalStyles();
  ensureShellStyles();
  const i18n = initI18n();
  registerLocales('shell', { en, es, it });
  document.documentElement.lang = i18n.language.slice(0, 2);

  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch {
    // Without its configuration the shell cannot find the API or the remotes; run on same-origin defaults.
    config = { remotes: {}, services: { api: '/api' }, features: { google: false, wallet: false }, demo: null, version: 'unknown' };
  }
  registerFromConfig(config);

  // On load: fetch the current user and store it before rendering any page.
  await useAuthStore.getState().restore();
  const set = useAuthStore.getState().user ? 'signedIn' : 'signedOut';

  const first = remoteForPath(set, window.location.pathname);
  const initial = first ? { [first]: await loadRemoteState(first) } : {};
  createRoot(document.getElementById('root')!).render(<Shell set={set} config={config} initial={initial} />);
}

void start();
