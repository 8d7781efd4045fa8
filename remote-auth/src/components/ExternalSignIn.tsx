import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import { useTranslation } from 'react-i18next';
import { apiClient, errorKey, googleSignInPath, runtimeConfig } from '@oncodesk/shared';
import { currentWalletSupport } from '../lib/browser';
import { startSession } from '../state/session';

/**
 * Google and wallet sign-in buttons, each shown only when the server enables it (runtime config
 * features). On phones the wallet button gives way to a notice: MetaMask needs a desktop browser.
 */
export function ExternalSignIn({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useTranslation('auth');
  const features = runtimeConfig()?.features ?? { google: false, wallet: false };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!features.google && !features.wallet) return null;
  const mobile = currentWalletSupport() === 'mobile';

  const wallet = async () => {
    setBusy(true);
    setProblem(null);
    // The wallet code (ethers) loads when the button is pressed, not with the sign-in page.
    const walletModule = await import('../lib/wallet').catch(() => null);
    try {
      if (!walletModule) throw new Error('wallet code could not load');
      startSession(await walletModule.signInWithWallet());
    } catch (error) {
      setProblem(walletModule && error instanceof walletModule.WalletError ? t(`wallet.${error.problem}`) : t(`common:${errorKey(error)}`));
      setBusy(false);
    }
  };

  return (
    <>
      <Divider plain>{t('login.or')}</Divider>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
        {features.google && (
          <Button block href={apiClient.url(googleSignInPath)} data-testid="google-signin">
            {t(mode === 'signup' ? 'external.googleSignUp' : 'external.google')}
          </Button>
        )}
        {features.wallet && mobile && <Alert type="info" showIcon title={t('wallet.desktopOnly')} data-testid="wallet-desktop-notice" />}
        {features.wallet && !mobile && (
          <Button block onClick={wallet} loading={busy} data-testid="wallet-signin">
            {t(mode === 'signup' ? 'external.walletSignUp' : 'external.wallet')}
          </Button>
        )}
        {problem && <Alert type="error" showIcon title={problem} data-testid="wallet-error" />}
      </div>
    </>
  );
}
