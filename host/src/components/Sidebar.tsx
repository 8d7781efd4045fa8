import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { CloseOutlined, ExperimentOutlined, FolderOpenOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MessageOutlined } from '@ant-design/icons';
import { NavLink, useLocation } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../state/authStore';
import { useUiStore } from '../state/uiStore';
import { useIsMobile } from '../state/useIsMobile';
import { LanguageMenu } from './LanguageMenu';
import { ProfileMenu } from './ProfileMenu';
import { CreditsLine } from '@oncodesk/shared/ui';

export function Sidebar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const expandedSetting = useUiStore((s) => s.expanded);
  const mobileOpen = useUiStore((s) => s.mobileOpen);
  const toggleExpanded = useUiStore((s) => s.toggleExpanded);
  const setMobileOpen = useUiStore((s) => s.setMobileOpen);
  const user = useAuthStore((s) => s.user);
  const expanded = isMobile || expandedSetting;
  const closeOnMobile = () => isMobile && setMobileOpen(false);

  // The wizard is the home page: it is active at its own path and at the root.
  const trialsActive = pathname === '/' || pathname.startsWith('/clinical-trials');
  const items = [
    { to: '/clinical-trials', label: t('nav.trials'), icon: <ExperimentOutlined />, active: trialsActive, id: 'nav-trials' },
    { to: '/vault', label: t('nav.vault'), icon: <FolderOpenOutlined />, active: pathname.startsWith('/vault'), id: 'nav-vault' },
    { to: '/chat', label: t('nav.assistant'), icon: <MessageOutlined />, active: pathname.startsWith('/chat'), id: 'nav-chat' },
  ];

  return (
    <aside className="od-sidebar" data-expanded={String(expanded)} data-mobile-open={String(mobileOpen)} data-testid="sidebar">
      <div className="od-brand">
        {expanded && <span className="od-brand-name">OncoDesk<small>beta</small></span>}
        {isMobile ? (
          <Button type="text" className="od-side-button" style={{ width: 40 }} icon={<CloseOutlined />} aria-label={t('nav.closeMenu')} onClick={() => setMobileOpen(false)} />
        ) : (
          <Tooltip title={expanded ? t('nav.minimize') : t('nav.expand')} placement="right">
            <Button
              type="text"
              className="od-side-button"
              style={{ width: 40, justifyContent: 'center' }}
              icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              aria-label={expanded ? t('nav.minimize') : t('nav.expand')}
              data-testid="sidebar-toggle"
              onClick={toggleExpanded}
            />
          </Tooltip>
        )}
      </div>
      <nav className="od-nav">
        {items.map((item) => (
          <Tooltip key={item.to} title={expanded ? null : item.label} placement="right">
            <NavLink to={item.to} className={item.active ? 'active' : ''} data-testid={item.id} onClick={closeOnMobile} aria-label={item.label}>
              {item.icon}
              {expanded && <span>{item.label}</span>}
            </NavLink>
          </Tooltip>
        ))}
      </nav>
      <div className="od-spacer" />
      {expanded && user && (
        <div className="od-plan" data-testid="plan-summary">
          {t('plan.summary', { plan: user.plan.name })} · <CreditsLine credits={user.plan} testId="plan-credits" />
        </div>
      )}
      {expanded && <p className="od-chat-disclaimer">{t('chatDisclaimer')}</p>}
      <LanguageMenu compact={!expanded} />
      <ProfileMenu compact={!expanded} onNavigate={closeOnMobile} />
    </aside>
  );
}
