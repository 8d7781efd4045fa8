import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { Link, useNavigate, useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { errorKey, fieldErrors, serverFieldErrors, storage, type Language } from '@oncodesk/shared';
import { SignUpRequest } from '@oncodesk/shared/contracts';
import { authApi } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthField, AuthForm } from '../components/AuthForm';
import { ConfirmPasswordField, confirmStateOf } from '../components/ConfirmPasswordField';
import { ExternalSignIn } from '../components/ExternalSignIn';
import { setPendingSession } from '../state/pendingSession';

export default function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ email: storage.get('signupEmail') ?? '', password: '', confirm: '', nickname: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // An external sign-in (Google) that failed lands here as /signup?error=<code>.
  const [failure, setFailure] = useState<string | null>(params.get('error') ? `errors.${params.get('error')}` : null);
  const [busy, setBusy] = useState(false);

  const confirmState = confirmStateOf(values.password, values.confirm);

  const submit = async () => {
    const request = { email: values.email, password: values.password, nickname: values.nickname || undefined, language: i18n.language as Language };
    const found = fieldErrors(SignUpRequest, request);
    if (!values.confirm) found.confirm = 'required';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || confirmState !== 'match') return;
    setBusy(true);
    storage.set('signupEmail', values.email.trim().toLowerCase());
    try {
      setPendingSession(await authApi.signUp(request));
      // The verification mail is on its way: say where it went before entering the app.
      void navigate('/verification');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setFailure(errorKey(error));
      setBusy(false);
    }
  };

  const field = (name: string) => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ? t(`common:errors.${errors[name]}`) : undefined,
  });

  return (
    <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <AuthForm onFinish={submit}>
        <AuthField label={t('fields.email')} {...field('email')}>
          <Input type="email" autoComplete="email" value={values.email} data-testid="signup-email" onChange={(e) => setValues({ ...values, email: e.target.value })} />
        </AuthField>
        <AuthField label={t('fields.nickname')} {...field('nickname')}>
          <Input autoComplete="nickname" value={values.nickname} data-testid="signup-nickname" onChange={(e) => setValues({ ...values, nickname: e.target.value })} />
        </AuthField>
        <AuthField label={t('fields.password')} {...field('password')} extra={errors.password ? undefined : t('signup.passwordRule')}>
          <Input.Password autoComplete="new-password" value={values.password} data-testid="signup-password" onChange={(e) => setValues({ ...values, password: e.target.value })} />
        </AuthField>
        <ConfirmPasswordField password={values.password} value={values.confirm} error={errors.confirm} testId="signup-confirm" onChange={(confirm) => setValues({ ...values, confirm })} />
        {failure && <Alert type="error" showIcon title={t(`common:${failure}`, { defaultValue: t('common:errors.internal') })} style={{ marginBottom: 16 }} data-testid="signup-error" />}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="signup-submit">{t('signup.submit')}</Button>
      </AuthForm>
      <ExternalSignIn mode="signup" />
      <Typography.Paragraph style={{ marginTop: 16 }}>
        {t('signup.haveAccount')} <Link to="/login">{t('signup.toLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
