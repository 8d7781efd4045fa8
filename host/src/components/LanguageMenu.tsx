import { lazy, Suspense, useState } from 'react';
import Button from 'antd/es/button';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { languageLabels, type Language } from '@oncodesk/shared';

// The menu (antd Dropdown + Menu) loads on the first hover, focus or click of the button: the sign-in
// page does not download it before it is interactive.
const loadMenu = () => import('./LanguageDropdown');
const LanguageDropdown = lazy(loadMenu);

export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const current = (i18n.language as Language) ?? 'en-US';
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('language.menu')}
      aria-haspopup="menu"
      data-testid="language-menu"
      className="od-side-button"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={wanted ? undefined : () => (setWanted(true), setOpen(true))}
    >
      {compact ? null : languageLabels[current] ?? 'English'}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown current={current} open={open} onOpenChange={setOpen}>
        {button}
      </LanguageDropdown>
    </Suspense>
  );
}
