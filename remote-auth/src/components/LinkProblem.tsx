import Result from 'antd/es/result';
import Button from 'antd/es/button';
import { Link } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';

/** What an invalid, used or expired mailed link shows: "something weird happened" and where to get help. */
export function LinkProblem({ again }: { again: { to: string; label: string } }) {
  const { t } = useTranslation('auth');
  return (
    <Result
      status="warning"
      title={t('link.weird')}
      subTitle={<span data-testid="link-invalid">{t('common:errors.invalid_link')}</span>}
      extra={[
        <Button key="again" type="primary">
          <Link to={again.to}>{again.label}</Link>
        </Button>,
        <Button key="support" href={`mailto:${t('link.supportEmail')}`}>{t('link.contactSupport')}</Button>,
      ]}
    />
  );
}
