import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { Link, useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { errorKey, storage } from '@oncodesk/shared';
import { toast } from '@oncodesk/shared/ui';
import { authApi } from '../api/auth';
import { AuthCard } from '../components/AuthCard';
import { LinkProblem } from '../components/LinkProblem';
import { pendingSession } from '../state/pendingSession';
import { startSession } from '../state/session';

// One request per link per page load: the shell may remount this page (its router is rebuilt when a
// remote arrives), and a link works only once, so a second request would report the first as invalid.
const verifications = new Map<string, Promise<{ email: string }>>();
const verifyOnce = (token: string) => {
  if (!verifications.has(token)) verifications.set(token, authApi.verifyEmail(token));
  return verifications.get(token)!;
};

/** /verification?token=...: the mailed link. Consumes it once and says how it went. */
function VerifyLink({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<{ status: 'checking' } | { status: 'verified'; email: string } | { status: 'invalid' } | { status: 'failed'; key: string }>({ status: 'checking' });
  useEffect(() => {
    verifyOnce(token).then(
      ({ email }) => setState({ status: 'verified', email }),
      (error) => setState(errorKey(error) === 'errors.invalid_link' || errorKey(error) === 'errors.validation_failed' ? { status: 'invalid' } : { status: 'failed', key: errorKey(error) }),
    );
  }, [token]);

  if (state.status === 'checking') return <Spin description={t("verification.checking")} style={{ display: "block", margin: 24 }}><div /></Spin>;
  if (state.status === 'invalid') return <LinkProblem again={{ to: '/verification', label: t('verification.requestNew') }} />;
  if (state.status === 'failed') return <Result status="error" title={t(`common:${state.key}`)} />;
  return (
    <Result
      status="success"
      title={<span data-testid="verification-done">{t('verification.done')}</span>}
      subTitle={t('verification.doneDetail', { email: state.email })}
      extra={
        <Button type="primary" data-testid="verification-to-login">
          <Link to="/login">{t('signup.toLogin')}</Link>
        </Button>
      }
    />
  );
}

/** /verification: "account verification pending", where the mail went, and a resend button. */
function Pending() {
  const { t } = useTranslation('auth');
  const email = storage.get('signupEmail');
  const [sending, setSending] = useState(false);
  const session = pendingSession();

  const resend = async () => {
    if (!email) return;
    setSending(true);
    try {
      await authApi.resendVerification(email);
      toast.success(t('verification.resent', { email }));
    } catch (error) {
      toast.danger(t(`common:${errorKey(error)}`));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Typography.Paragraph data-testid="verification-pending">
        {email ? t('verification.sentTo', { email }) : t('verification.sentNoEmail')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('verification.hint')}</Typography.Paragraph>
      {email && (
        <Button block onClick={resend} loading={sending} disabled={sending} data-testid="verification-resend" style={{ marginBottom: 12 }}>
          {t('verification.resend')}
        </Button>
      )}
      {session ? (
        <Button type="primary" block onClick={() => startSession(session)} data-testid="verification-continue">
          {t('verification.continue')}
        </Button>
      ) : (
        <Link to="/login">{t('signup.toLogin')}</Link>
      )}
    </>
  );
}

export default function VerificationPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  return <AuthCard title={t(token ? 'verification.linkTitle' : 'verification.title')}>{token ? <VerifyLink token={token} /> : <Pending />}</AuthCard>;
}
