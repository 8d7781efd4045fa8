import Typography from 'antd/es/typography';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/AuthCard';

// Email verification links arrive with the accounts issue; until then say so plainly.
export default function VerificationPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('verification.title')}>
      <Typography.Paragraph>{t('verification.unavailable')}</Typography.Paragraph>
      <Link to="/login">{t('signup.toLogin')}</Link>
    </AuthCard>
  );
}
