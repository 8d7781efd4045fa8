import Button from 'antd/es/button';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../state/authStore';
import { useUiStore } from '../state/uiStore';
import { UserAvatar } from './Avatar';

/** Mobile only (<= 600px, by CSS): menu button, brand, avatar. */
export function TopBar() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const setMobileOpen = useUiStore((s) => s.setMobileOpen);
  return (
    <header className="od-topbar" data-testid="topbar">
      <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} data-testid="mobile-menu" onClick={() => setMobileOpen(true)} />
      <span className="od-brand-name">OncoDesk</span>
      <UserAvatar user={user} size={32} />
    </header>
  );
}
