import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '../contracts/languages';
import { bus } from '../bus/eventBus';
import { storage } from '../storage/keys';
import en from './locales/en.json';
import es from './locales/es.json';
import it from './locales/it.json';

export type LocaleBundle = Record<string, unknown>;
export interface LocaleSet { en: LocaleBundle; es: LocaleBundle; it: LocaleBundle }

export const languageLabels: Record<Language, string> = { 'en-US': 'English', 'es-ES': 'Español', 'it-IT': 'Italiano' };
const short: Record<Language, keyof LocaleSet> = { 'en-US': 'en', 'es-ES': 'es', 'it-IT': 'it' };

/** Maps any browser language tag to one we ship; anything else falls back to English. */
export function resolveLanguage(tag: string | null | undefined): Language {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('es')) return 'es-ES';
  if (lower.startsWith('it')) return 'it-IT';
  return 'en-US';
}

/** The language to start with: the saved choice, else the browser's, else English. */
export function initialLanguage(): Language {
  const saved = storage.get('language');
  if (typeof localStorage !== 'undefined' && localStorage.getItem('oncodesk.language')) return saved;
  return resolveLanguage(typeof navigator !== 'undefined' ? navigator.language : undefined);
}

/**
 * Initialises the page's i18next instance once (the host, or a remote running alone) and registers
 * the `common` namespace. i18next is a federation singleton, so remotes share the host's instance.
 */
export function initI18n(language: Language = initialLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'en-US',
      supportedLngs: [...languages],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initImmediate: false,
      resources: {},
    } as Parameters<typeof i18next.init>[0]);
    // A language change from the host reaches every app through the bus.
    bus.on('lang:changed/v1', ({ language: next }) => {
      if (i18next.language !== next) void i18next.changeLanguage(next);
    });
  }
  registerLocales('common', { en, es, it });
  return i18next;
}

/** Adds an app's translations under its own namespace (idempotent). */
export function registerLocales(namespace: string, locales: LocaleSet): void {
  for (const language of languages) {
    i18next.addResourceBundle(language, namespace, locales[short[language]], true, true);
  }
}

/** The host's language switch: persist, apply, and tell every app. */
export function changeLanguage(language: Language): void {
  storage.set('language', language);
  void i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language.slice(0, 2);
  bus.emit('lang:changed/v1', { language });
}

export { i18next };
