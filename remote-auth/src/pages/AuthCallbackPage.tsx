import { useEffect } from 'react';
import Spin from 'antd/es/spin';
import { useLocation, useNavigate, useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { authApi } from '../api/auth';
import { startSession } from '../state/session';

/** Codes already being exchanged: a code works once, and React may run an effect twice. */
const exchanging = new Set<string>();

/**
 * Landing of external sign-in flows: /auth#code=... exchanges the one-time code for the session (POST;
 * the session token itself never appears in a URL), /auth?error=... goes to sign-up with the error.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
    const error = params.get('error');
    if (code) {
      if (exchanging.has(code)) return;
      exchanging.add(code);
      // the code leaves the address bar and the history entry at once
      window.history.replaceState(window.history.state, '', window.location.pathname);
      authApi
        .exchangeSigninCode(code)
        .then((response) => startSession(response))
        .catch(() => navigate('/signup?error=invalid_link', { replace: true }));
    } else {
      void navigate(`/signup${error ? `?error=${encodeURIComponent(error)}` : ''}`, { replace: true });
    }
  }, [params, hash, navigate]);
  return <Spin style={{ margin: 48 }} description={t("callback.signingIn")} />;
}
