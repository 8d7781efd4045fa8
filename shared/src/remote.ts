import type { RouteObject } from '@oncodesk/shared/router';
import type { LocaleSet } from './i18n';

/**
 * What each remote exposes as './remote': its translations and the route objects the host composes.
 * Route elements load their pages on demand (route `lazy`), so this module stays small.
 */
export interface RemoteDefinition {
  name: string;
  /** i18next namespace of the remote's strings. */
  namespace: string;
  locales: LocaleSet;
  routes: {
    /** Routes while signed in, rendered inside the shell's sidebar layout. */
    signedIn: RouteObject[];
    /** Routes while signed out (login, sign-up, public download page, ...). */
    signedOut: RouteObject[];
  };
}

/** What each remote exposes as './mount', for integrators embedding it alone in a foreign page. */
export interface MountProps {
  /** Path to open first (memory routing inside the host page). */
  initialPath?: string;
  language?: 'en-US' | 'es-ES' | 'it-IT';
  /** A session token to use; omit to use the one in local storage. */
  jwt?: string | null;
  /** Where to read the runtime configuration (default /config/runtime.json); may be on another origin. */
  configUrl?: string;
  /** API base URL; by default the config's, resolved against the config URL (so a foreign page reaches the app's server). */
  apiBaseUrl?: string;
  /** Use the page's URL instead of memory routing (the remote's own dev server does). */
  browserRouting?: boolean;
  /**
   * The embedding page's Content-Security-Policy nonce, when its policy needs one for <style> elements:
   * the remote's injected styles (antd's included) carry it.
   */
  nonce?: string;
}
export interface MountedRemote {
  update(props: Partial<MountProps>): void;
  unmount(): void;
}
export type MountFn = (el: HTMLElement, props?: MountProps) => MountedRemote;

/** A route `lazy` that loads a page module (default export) on demand, from the remote that owns it. */
export const lazyPage =
  (load: () => Promise<{ default: import('react').ComponentType }>) =>
  async (): Promise<{ Component: import('react').ComponentType }> => ({ Component: (await load()).default });
