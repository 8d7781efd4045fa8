import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';

/** The beta / not-HIPAA / not-medical-advice warning: always visible, never dismissible. */
export function BetaNotice() {
  const { t } = useTranslation('common');
  return <Alert className="od-beta-notice" type="warning" banner showIcon={false} title={t('beta.banner')} data-testid="beta-notice" />;
}

/** Shown on every screen of the shared demo account. */
export function DemoNotice() {
  const { t } = useTranslation('common');
  return <Alert className="od-demo-notice" type="info" banner title={t('beta.demo')} data-testid="demo-notice" />;
}
