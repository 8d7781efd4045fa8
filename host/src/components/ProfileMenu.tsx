import { useState } from 'react';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@oncodesk/shared/router';
import { storage } from '@oncodesk/shared';
import { useAuthStore } from '../state/authStore';
import { UserAvatar } from './Avatar';
import { LogoutDialog } from './LogoutDialog';

export function ProfileMenu({ compact = false, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const tipDismissed = storage.get('betterExperienceDismissed');
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'settings', label: t('profile.settings'), 'data-testid': 'profile-settings' },
            ...(tipDismissed ? [{ key: 'tip', label: t('profile.reenableTip') }] : []),
            { type: 'divider' as const },
            { key: 'logout', label: t('profile.logout'), danger: true, 'data-testid': 'logout' },
          ],
          onClick: ({ key }) => {
            if (key === 'settings') {
              void navigate('/profile');
              onNavigate?.();
            } else if (key === 'tip') {
              storage.set('betterExperienceDismissed', false);
            } else if (key === 'logout') {
              setConfirming(true);
            }
          },
        }}
      >
        <Button type="text" className="od-side-button od-profile-button" aria-label={t('profile.menu')} data-testid="profile-menu">
          <UserAvatar user={user} size={28} />
          {compact ? null : <span className="od-profile-name">{user?.nickname ?? user?.email}</span>}
        </Button>
      </Dropdown>
      <LogoutDialog open={confirming} onCancel={() => setConfirming(false)} onLogout={logout} />
    </>
  );
}
