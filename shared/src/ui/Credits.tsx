import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Credits } from '../contracts/plans';

/** A date as the interface language writes it ("1 December 2026", "1 de diciembre de 2026"), in UTC as the server counts periods. */
export const longDate = (iso: string, language: string) =>
  new Date(iso).toLocaleDateString(language, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** "N of M searches left this period · renews on <date>": the one wording of a user's credits. */
export function creditsText(t: TFunction, credits: Credits, language: string): string {
  return t('common:plans.creditsLine', { left: credits.searchesLeft, count: credits.searchesPerPeriod, date: longDate(credits.renewsAt, language) });
}

/** The credits line wherever credits are shown (profile, sidebar, upgrade prompt, a search's cost message). */
export function CreditsLine({ credits, testId = 'credits-line' }: { credits: Credits; testId?: string }) {
  const { t, i18n } = useTranslation('common');
  return <span data-testid={testId}>{creditsText(t, credits, i18n.language)}</span>;
}
