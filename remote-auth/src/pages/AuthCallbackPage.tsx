import { useEffect } from 'react';
import Spin from 'antd/es/spin';
import { useNavigate, useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { storage } from '@oncodesk/shared';
import { usersApi } from '../api/auth';
import { startSession } from '../state/session';

/** Landing of external sign-in flows: /auth?jwt=... signs in, /auth?error=... goes to sign-up with the error. */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const jwt = params.get('jwt');
    const error = params.get('error');
    if (jwt) {
      storage.set('jwt', jwt);
      usersApi
        .me()
        .then((user) => startSession({ jwt, user }))
        .catch(() => navigate('/signup?error=invalid_link', { replace: true }));
    } else {
      navigate(`/signup${error ? `?error=${encodeURIComponent(error)}` : ''}`, { replace: true });
    }
  }, [params, navigate]);
  return <Spin style={{ margin: 48 }} description={t("callback.signingIn")} />;
}
