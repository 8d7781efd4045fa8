import { useState } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { storage } from '@oncodesk/shared';
import { AppModal } from '@oncodesk/shared/ui';
import { useIsMobile } from '../state/useIsMobile';

/** On small screens, suggests a larger one until dismissed (remembered; the profile menu re-enables it). */
export function BetterExperienceModal() {
  const { t } = useTranslation('shell');
  const isMobile = useIsMobile();
  const [dismissed, setDismissed] = useState(() => storage.get('betterExperienceDismissed'));
  const dismiss = () => {
    storage.set('betterExperienceDismissed', true);
    setDismissed(true);
  };
  return (
    <AppModal
      open={isMobile && !dismissed}
      size="small"
      title={t('betterExperience.title')}
      onCancel={dismiss}
      footer={<Button type="primary" onClick={dismiss} data-testid="better-experience-ok">{t('betterExperience.ok')}</Button>}
    >
      <p>{t('betterExperience.body')}</p>
    </AppModal>
  );
}
