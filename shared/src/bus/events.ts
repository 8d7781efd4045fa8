import type { User, Language } from '../contracts';

/**
 * Every event that crosses an app boundary, with its payload. Names carry a version so a payload
 * change ships as a new event beside the old one. Only the host emits auth:* and lang:*.
 */
export interface BusEvents {
  /** The signed-in user changed (null: signed out). */
  'auth:changed/v1': { user: User | null; jwt: string | null };
  /** A remote asks the host to sign the user out (e.g. after account deletion). */
  'auth:logout-requested/v1': { reason: 'user' | 'deleted' | 'expired' };
  /** A remote or the host changed the current user's data (host refetches /user). */
  'user:refresh-requested/v1': Record<string, never>;
  'lang:changed/v1': { language: Language };
  /** Ask the host to navigate; fullReload for switches between the signed-in and signed-out route sets. */
  'nav:navigate/v1': { to: string; fullReload?: boolean };
  /** Show a toast through the host's single toast area. */
  'ui:toast/v1': { kind: 'success' | 'danger'; message: string };
  /** A search spent a credit, so the shell's counter must update. */
  'plan:searches-changed/v1': { searchesLeft: number };
  /** Show the upgrade / schedule-a-call prompt (a search answered no_searches_left). */
  'plan:upgrade-prompt/v1': Record<string, never>;
}
