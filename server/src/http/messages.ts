import en from '@oncodesk/shared/locales/en.json';
import es from '@oncodesk/shared/locales/es.json';
import it from '@oncodesk/shared/locales/it.json';

type Lang = 'en' | 'es' | 'it';
const bundles: Record<Lang, { errors: Record<string, string> }> = { en, es, it };

/** Picks en / es / it from an Accept-Language header (first supported tag wins). */
export function languageOf(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'es' || tag === 'it' || tag === 'en') return tag;
  }
  return 'en';
}

/** The translated message of an error code, from the same strings the frontends show. */
export function errorMessage(code: string, acceptLanguage: string | undefined): string {
  const lang = languageOf(acceptLanguage);
  return bundles[lang].errors[code] ?? bundles.en.errors[code] ?? bundles[lang].errors.internal;
}

/** Whether an error code has a message of its own (else errorMessage falls back to `internal`). */
export const hasErrorMessage = (code: string): boolean => code in bundles.en.errors;
