import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Input from 'antd/es/input';
import { Link } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { errorKey, runtimeConfig } from '@oncodesk/shared';
import { AuthCard } from '../components/AuthCard';
import { AuthField, AuthForm } from '../components/AuthForm';
import { ExternalSignIn } from '../components/ExternalSignIn';
import { startSession } from '../state/session';

// Loaded when the visitor heads for the form (pointer over it, a field focused) and at the latest on submit.
const loadSignIn = () => import('../api/signIn');

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const demo = runtimeConfig()?.demo ?? null;

  const signIn = async (credentials: { email: string; password: string }) => {
    let flow: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      flow = await loadSignIn();
    } catch (error) {
      setFailure(errorKey(error));
      return;
    }
    const found = flow.checkSignIn(credentials);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      startSession(await flow.signIn(credentials));
    } catch (error) {
      setFailure(errorKey(error));
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'password') => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ? t(`common:errors.${errors[name]}`) : undefined,
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <AuthForm onFinish={() => signIn(values)} onIntent={() => void loadSignIn()}>
        <AuthField label={t('fields.email')} {...field('email')}>
          <Input type="email" autoComplete="email" value={values.email} data-testid="login-email" onChange={(e) => setValues({ ...values, email: e.target.value })} />
        </AuthField>
        <AuthField label={t('fields.password')} {...field('password')}>
          <Input.Password autoComplete="current-password" value={values.password} data-testid="login-password" onChange={(e) => setValues({ ...values, password: e.target.value })} />
        </AuthField>
        {failure && <Alert type="error" showIcon title={t(`common:${failure}`)} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">{t('login.submit')}</Button>
      </AuthForm>
      <ExternalSignIn mode="login" />
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16, flexWrap: 'wrap', gap: 8 }}>
        <Link to="/recover-pass" data-testid="to-recover">{t('login.forgot')}</Link>
        <Link to="/signup" data-testid="to-signup">{t('login.toSignUp')}</Link>
      </div>
      {demo && (
        <>
          <Divider plain>{t('login.or')}</Divider>
          <Button block onClick={() => signIn(demo)} data-testid="try-demo">{t('login.demo')}</Button>
          <p style={{ fontSize: 12, color: '#777', marginTop: 8 }}>{t('login.demoHint')}</p>
        </>
      )}
    </AuthCard>
  );
}
