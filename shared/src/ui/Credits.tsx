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

/**
 * How long a bought search lasts for the same patient and answers (the server's PASS_HOURS,
 * server/src/plans/passes.ts): re-running it within that time, in any area, takes no credit.
 */
export const SEARCH_PASS_HOURS = 24;

/**
 * What a search will cost, shown where it is started, before it runs: the rule (one credit per patient;
 * the same answers again within SEARCH_PASS_HOURS free, in any area; changed answers a new credit) and the
 * credits left this period with their renewal date. The server tells whether a search took a credit only
 * once it has run (FindMatchResponse.charged): no endpoint says it in advance, so the rule is stated for
 * this search as a condition, never as a guess.
 */
export function SearchCostNote({ credits, testId = 'search-cost' }: { credits: Credits; testId?: string }) {
  const { t, i18n } = useTranslation('common');
  const rule = t(credits.searchesLeft > 0 ? 'common:plans.searchCost' : 'common:plans.searchCostNone', { hours: SEARCH_PASS_HOURS });
  return (
    <p data-testid={testId} style={{ margin: 0, fontSize: 13, lineHeight: 1.5, color: 'rgba(0,0,0,0.65)', overflowWrap: 'anywhere' }}>
      <span data-testid={`${testId}-rule`}>{rule}</span> <span data-testid={`${testId}-credits`}>{creditsText(t, credits, i18n.language)}.</span>
    </p>
  );
}
