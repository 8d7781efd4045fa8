import { useState } from 'react';
import Checkbox from 'antd/es/checkbox';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { bus } from '@oncodesk/shared';
import { usersApi } from '@oncodesk/shared/api';
import { AppModal, useBusy } from '@oncodesk/shared/ui';
import { toastError } from '../lib/errors';

/** The clinical trials disclaimer, accepted once per user (stored on the user: PATCH /user). */
export function DisclaimerModal({ open, onAccepted, onClose }: { open: boolean; onAccepted: () => void; onClose: () => void }) {
  const { t } = useTranslation('trials');
  const [checked, setChecked] = useState(false);
  const [busy, whileBusy] = useBusy();
  const accept = async () => {
    await whileBusy(async () => {
      try {
        await usersApi.patch([{ op: 'add', path: '/acceptedClinicalTrialsDisclaimer', value: true }]);
        bus.emit('user:refresh-requested/v1', {});
        onAccepted();
      } catch (e) {
        toastError(e);
      }
    });
  };
  return (
    <AppModal open={open} title={t('disclaimer.title')} onCancel={onClose} onOk={accept} okText={t('disclaimer.accept')} cancelText={t('common.cancel')} okButtonProps={{ disabled: !checked, ...({ 'data-testid': 'disclaimer-accept' } as Record<string, string>) }} confirmLoading={busy} data-testid="disclaimer-modal">
      <Typography.Paragraph>{t('disclaimer.text1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('disclaimer.text2')}</Typography.Paragraph>
      <Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} data-testid="disclaimer-check">{t('disclaimer.check')}</Checkbox>
    </AppModal>
  );
}
