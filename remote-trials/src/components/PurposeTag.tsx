import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { PrimaryPurpose } from '@oncodesk/shared/contracts';

/**
 * What a study is for (treatment, prevention, screening, supportive care …), and whether the registry says
 * so or OncoDesk read it from the title: a clinician dismisses a screening study shown as a treatment trial.
 */
export function PurposeTag({ purpose, origin }: { purpose?: PrimaryPurpose; origin?: 'registry' | 'inferred' }) {
  const { t } = useTranslation('trials');
  const p = purpose ?? 'unknown';
  return (
    <Tag color={p === 'treatment' ? 'geekblue' : p === 'unknown' ? 'default' : 'orange'} data-testid="chip-purpose" data-purpose={p} title={origin === 'inferred' ? t('purpose.inferredHelp') : undefined}>
      {t(`purpose.${p}`)}
      {origin === 'inferred' ? ` · ${t('purpose.inferred')}` : ''}
    </Tag>
  );
}
