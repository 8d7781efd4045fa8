import { useEffect, useState } from 'react';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { trialsApi } from '@oncodesk/shared/api';
import type { CatalogueStatus } from '@oncodesk/shared/contracts';
import { longDate } from '@oncodesk/shared/ui';

/**
 * What a search was run against: the catalogue's size, its open trials and when its ClinicalTrials.gov records
 * were fetched (or that it holds reference records only), so "no trial found" is read for what it is.
 */
export function CatalogueLine() {
  const { t, i18n } = useTranslation('trials');
  const [status, setStatus] = useState<CatalogueStatus | null>(null);
  useEffect(() => {
    let live = true;
    // a line of context: when it cannot be read the page simply goes without it
    trialsApi.catalogue().then(
      (s) => live && setStatus(s),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!status) return null;
  const values = { count: status.trials, total: status.trials.toLocaleString(i18n.language), open: status.open.toLocaleString(i18n.language) };
  return (
    <Typography.Paragraph type="secondary" data-testid="catalogue-line" style={{ overflowWrap: 'anywhere' }}>
      {status.syncedAt ? t('results.catalogueSynced', { ...values, date: longDate(status.syncedAt, i18n.language) }) : t('results.catalogueNotSynced', values)}
    </Typography.Paragraph>
  );
}
