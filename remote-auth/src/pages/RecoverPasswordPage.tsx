import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/AuthCard';

// Password recovery needs outgoing mail, which arrives with the accounts issue; until then say so plainly.
export default function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('recover.title')}>
      <Typography.Paragraph>{t('recover.unavailable')}</Typography.Paragraph>
      <Link to="/login">{t('signup.toLogin')}</Link>
    </AuthCard>
  );
}
