import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { authApi } from '@oncodesk/shared/api';
import { toast } from '@oncodesk/shared/ui';

/**
 * Until the email address is verified the server refuses trial searches and file sharing (403
 * email_not_verified): the banner says so up front and sends the link again on request.
 */
export function VerifyEmailNotice({ email }: { email?: string | null }) {
  const { t } = useTranslation('shell');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const resend = async () => {
    if (!email) return;
    setSending(true);
    try {
      await authApi.resendVerification(email);
      setSent(true);
      toast.success(t('verify.sent', { email }));
    } catch {
      toast.danger(t('verify.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="verify-email-notice"
      style={{ borderRadius: 0 }}
      message={t('verify.title')}
      description={
        <>
          <div style={{ overflowWrap: 'anywhere' }}>{email ? t('verify.body', { email }) : t('verify.bodyNoEmail')}</div>
          {/* below the text, not beside it: on a phone the text keeps the width */}
          {email && (
            <Button size="small" style={{ marginTop: 8 }} onClick={() => void resend()} loading={sending} disabled={sent} data-testid="verify-email-resend">
              {sent ? t('verify.resent') : t('verify.resend')}
            </Button>
          )}
        </>
      }
    />
  );
}
