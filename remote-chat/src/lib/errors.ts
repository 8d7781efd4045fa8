import i18next from 'i18next';
import { ApiError } from '@oncodesk/shared';

/** The translated text of a failed call (server codes live in the common namespace). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `common:${error.i18nKey}`;
    return i18next.exists(key) ? i18next.t(key) : i18next.t('common:errors.internal');
  }
  return i18next.t('common:errors.internal');
}
