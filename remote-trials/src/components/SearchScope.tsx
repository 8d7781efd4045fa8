import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { SearchLocation } from '@oncodesk/shared';
import { locationOfKey } from '@oncodesk/shared/contracts';

const OPTIONS = ['radius:50', 'radius:100', 'radius:500', 'country:', 'continent:', 'global'];

/** A search key in words ("radius:100" -> "Within 100 km"; "country:IT" -> the country scope's label). */
export function scopeLabel(key: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  const l = locationOfKey(key);
  return l.scope === 'radius' ? t('scope.radius', { km: l.km }) : t(`scope.${l.scope}`);
}

/** Where to search: a radius around the patient, their country, their continent, or everywhere. */
export function SearchScope({ value, onChange, disabled }: { value: string; onChange: (l: SearchLocation) => void; disabled?: boolean }) {
  const { t } = useTranslation('trials');
  const { scope } = locationOfKey(value);
  const current = OPTIONS.includes(value) ? value : scope === 'country' || scope === 'continent' ? `${scope}:` : value;
  const label = (o: string) => scopeLabel(o, t);
  return (
    <Select
      value={current}
      disabled={disabled}
      style={{ minWidth: 200 }}
      onChange={(v: string) => onChange(locationOfKey(v))}
      options={OPTIONS.map((o) => ({ value: o, label: <span data-testid={`scope-${o.replace(':', '-')}`}>{label(o)}</span> }))}
      data-testid="search-scope"
      aria-label={t('scope.label')}
    />
  );
}
