import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { Link, useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { errorKey, fieldErrors } from '@oncodesk/shared';
import { Password, RecoveryRequest } from '@oncodesk/shared/contracts';
import { authApi } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { AuthField, AuthForm } from '../components/AuthForm';
import { ConfirmPasswordField, confirmStateOf } from '../components/ConfirmPasswordField';
import { LinkProblem } from '../components/LinkProblem';

/** /recover-pass: asks for the address and mails a reset link (at most one a minute). */
function RequestLink() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = fieldErrors(RecoveryRequest, { email });
    setError(found.email ?? null);
    setFailure(null);
    if (found.email) return;
    setBusy(true);
    try {
      await authApi.recover(email);
      setSentTo(email.trim().toLowerCase());
    } catch (e) {
      setSentTo(null);
      setFailure(errorKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm onFinish={submit}>
      <Typography.Paragraph type="secondary">{t('recover.intro')}</Typography.Paragraph>
      <AuthField label={t('fields.email')} validateStatus={error ? 'error' : undefined} help={error ? t(`common:errors.${error}`) : undefined}>
        <Input type="email" autoComplete="email" value={email} data-testid="recover-email" onChange={(e) => setEmail(e.target.value)} />
      </AuthField>
      {sentTo && <Alert type="success" showIcon title={t('recover.sent', { email: sentTo })} style={{ marginBottom: 16 }} data-testid="recover-sent" />}
      {failure && <Alert type="error" showIcon title={t(`common:${failure}`)} style={{ marginBottom: 16 }} data-testid="recover-error" />}
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy} data-testid="recover-submit">
        {t(sentTo ? 'recover.sendAgain' : 'recover.submit')}
      </Button>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to="/login">{t('recover.back')}</Link>
      </Typography.Paragraph>
    </AuthForm>
  );
}

/** /recover-pass?token=...: the mailed link; sets a new password once. */
function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmState = confirmStateOf(values.password, values.confirm);

  const submit = async () => {
    const found: Record<string, string> = {};
    const password = fieldErrors(Password, values.password)[''];
    if (password) found.password = password;
    if (!values.confirm) found.confirm = 'required';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || confirmState !== 'match') return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, values.password);
      setState('done');
    } catch (error) {
      const key = errorKey(error);
      if (key === 'errors.invalid_link') setState('invalid');
      else setFailure(key);
    } finally {
      setBusy(false);
    }
  };

  if (state === 'invalid') return <LinkProblem again={{ to: '/recover-pass', label: t('recover.requestNew') }} />;
  if (state === 'done') {
    return (
      <Result
        status="success"
        title={<span data-testid="reset-done">{t('recover.done')}</span>}
        extra={
          <Button type="primary" data-testid="reset-to-login">
            <Link to="/login">{t('signup.toLogin')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <AuthForm onFinish={submit}>
      <AuthField
        label={t('fields.newPassword')}
        validateStatus={errors.password ? 'error' : undefined}
        help={errors.password ? t(`common:errors.${errors.password}`) : undefined}
        extra={errors.password ? undefined : t('signup.passwordRule')}
      >
        <Input.Password autoComplete="new-password" value={values.password} data-testid="reset-password" onChange={(e) => setValues({ ...values, password: e.target.value })} />
      </AuthField>
      <ConfirmPasswordField password={values.password} value={values.confirm} error={errors.confirm} testId="reset-confirm" onChange={(confirm) => setValues({ ...values, confirm })} />
      {failure && <Alert type="error" showIcon title={t(`common:${failure}`)} style={{ marginBottom: 16 }} data-testid="reset-error" />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">{t('recover.save')}</Button>
    </AuthForm>
  );
}

export default function RecoverPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthCard title={t(token ? 'recover.resetTitle' : 'recover.title')}>{token ? <ResetPassword token={token} /> : <RequestLink />}</AuthCard>;
}
