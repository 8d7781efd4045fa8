import { useEffect } from 'react';
import Spin from 'antd/es/spin';
import { useNavigate } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../state/authStore';

/** Signed in, /auth re-checks the session against the server, then goes home. */
export function AuthRecheck() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const restore = useAuthStore((s) => s.restore);
  useEffect(() => {
    void restore().then(() => navigate('/', { replace: true }));
    // (The router may be rebuilt meanwhile when a remote arrives; this component then runs again.)
  }, [restore, navigate]);
  return <Spin tip={t('recheck')} />;
}
