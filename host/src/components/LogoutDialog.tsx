import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { AppModal } from '@oncodesk/shared/ui';

/** "Do you want to logout?" with cancel and logout; the actual logout runs 200 ms after confirming. */
export function LogoutDialog({ open, onCancel, onLogout }: { open: boolean; onCancel: () => void; onLogout: () => void }) {
  const { t } = useTranslation('shell');
  const confirm = () => {
    onCancel();
    setTimeout(onLogout, 200); // let the dialog fade out first
  };
  return (
    <AppModal
      open={open}
      size="small"
      title={t('logout.title')}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>{t('logout.cancel')}</Button>,
        <Button key="logout" type="primary" danger onClick={confirm} data-testid="logout-confirm">{t('logout.confirm')}</Button>,
      ]}
    >
      <p>{t('logout.question')}</p>
    </AppModal>
  );
}
