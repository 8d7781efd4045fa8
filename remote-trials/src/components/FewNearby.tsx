import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { SearchLocation } from '@oncodesk/shared';
import { FEW_OPEN_TRIALS, type SearchCounts } from '@oncodesk/shared/contracts';

type Scope = SearchCounts['scopes'][number];

/** A scope in words after a count: "within 100 km of Monza", "in Italy", "in Europe", "worldwide". */
export function scopeWhere(s: Scope, t: (k: string, o?: Record<string, unknown>) => string, language: string): string {
  const l = s.location;
  if (l.scope === 'radius') return s.place ? t('few.radiusOf', { km: l.km, place: s.place }) : t('few.radius', { km: l.km });
  if (l.scope === 'country') {
    const codes = l.countryCodes ?? (s.place ? s.place.split(',') : []);
    let names = codes.join(', ');
    try {
      const dn = new Intl.DisplayNames([language], { type: 'region' });
      names = codes.map((c) => dn.of(c) ?? c).join(', ');
    } catch {
      // no region names in this runtime: the codes
    }
    return names ? t('few.in', { place: names }) : t('few.country');
  }
  if (l.scope === 'continent') {
    const list = l.continents ?? (s.place ? s.place.split(',') : []);
    return list.length ? t('few.in', { place: list.map((c) => t(`few.continents.${c}`)).join(', ') }) : t('few.continent');
  }
  return t('few.global');
}

/** The nearest scope wider than the search's with at least FEW_OPEN_TRIALS open trials not ruled out (undefined: none). */
export function nearestWithEnough(counts: SearchCounts): Scope | undefined {
  return counts.scopes.slice(1).find((s) => s.open >= FEW_OPEN_TRIALS);
}

/** Whether the search's own scope holds fewer open trials not ruled out than FEW_OPEN_TRIALS. */
export const fewHere = (counts: SearchCounts | undefined): boolean => !!counts?.scopes.length && counts.scopes[0].open < FEW_OPEN_TRIALS;

/**
 * Few open trials not ruled out where the search looked: says how many, how many each wider scope holds
 * ("Only 2 open trials within 100 km of Monza; 14 in Italy, 120 in Europe") and offers the nearest scope with
 * at least FEW_OPEN_TRIALS in one click. Counts are the server's, over the whole catalogue.
 */
export function FewNearby({ counts, onExpand }: { counts: SearchCounts; onExpand: (l: SearchLocation) => void }) {
  const { t, i18n } = useTranslation('trials');
  if (!fewHere(counts)) return null;
  const [here, ...wider] = counts.scopes;
  const where = (s: Scope) => scopeWhere(s, t, i18n.language);
  const others = wider.map((s) => t('few.wider', { count: s.open, where: where(s) })).join(', ');
  const next = nearestWithEnough(counts);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 8 }}
      data-testid="few-nearby"
      title={`${t('few.only', { count: here.open, where: where(here) })}${others ? `; ${others}` : ''}.`}
      description={next ? undefined : t('few.noneWider', { count: FEW_OPEN_TRIALS })}
      action={
        next && (
          <Button size="small" type="primary" onClick={() => onExpand(next.location)} data-testid="few-expand" data-search-key={next.searchKey}>
            {t('few.search', { where: where(next) })}
          </Button>
        )
      }
    />
  );
}
