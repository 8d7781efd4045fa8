import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { errorKey } from '@oncodesk/shared';
import { usersApi } from '@oncodesk/shared/api';
import { AppModal } from '@oncodesk/shared/ui';
import { endSessionAfterDeletion } from '../state/session';

/** How long the success message stays before the sign-out reload. */
const SUCCESS_MS = 1500;

/** Data deletion: confirm, "deleting", then success and sign-out. Everything the user owns goes. */
export function DeleteAccount({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<'confirm' | 'deleting' | 'deleted'>('confirm');
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setState('deleting');
    setFailure(null);
    try {
      await usersApi.remove();
      setState('deleted');
      setTimeout(endSessionAfterDeletion, SUCCESS_MS);
    } catch (error) {
      setFailure(errorKey(error));
      setState('confirm');
    }
  };

  return (
    <Card style={{ marginTop: 16, borderColor: '#f5c2c0' }} title={t('delete.title')}>
      <Typography.Paragraph>{t('delete.intro')}</Typography.Paragraph>
      {disabled && <Alert type="info" showIcon title={t('common:errors.demo_account_locked')} style={{ marginBottom: 12 }} />}
      <Button danger onClick={() => setOpen(true)} disabled={disabled} data-testid="delete-account">{t('delete.button')}</Button>
      <AppModal
        open={open}
        size="small"
        title={t('delete.confirmTitle')}
        closable={state === 'confirm'}
        maskClosable={state === 'confirm'}
        onCancel={() => state === 'confirm' && setOpen(false)}
        footer={
          state === 'deleted'
            ? null
            : [
                <Button key="cancel" onClick={() => setOpen(false)} disabled={state !== 'confirm'}>{t('common:actions.cancel')}</Button>,
                <Button key="delete" danger type="primary" loading={state === 'deleting'} onClick={remove} data-testid="delete-confirm">
                  {state === 'deleting' ? t('delete.deleting') : t('delete.confirm')}
                </Button>,
              ]
        }
      >
        {state === 'deleted' ? (
          <Result status="success" title={<span data-testid="delete-done">{t('delete.done')}</span>} subTitle={t('delete.signingOut')} />
        ) : (
          <>
            <Typography.Paragraph>{t('delete.confirmBody')}</Typography.Paragraph>
            {state === 'deleting' && <Typography.Paragraph type="secondary" data-testid="delete-progress">{t('delete.deleting')}</Typography.Paragraph>}
            {failure && <Alert type="error" showIcon title={t(`common:${failure}`)} data-testid="delete-error" />}
          </>
        )}
      </AppModal>
    </Card>
  );
}
