import type { ReactElement } from 'react';
import Dropdown from 'antd/es/dropdown';
import { changeLanguage, languageLabels, languages, type Language } from '@oncodesk/shared';

/** The language list under the language button (loaded on demand by LanguageMenu). */
export default function LanguageDropdown({ current, open, onOpenChange, children }: { current: Language; open: boolean; onOpenChange: (open: boolean) => void; children: ReactElement }) {
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectedKeys: [current],
        items: languages.map((lang) => ({ key: lang, label: languageLabels[lang], 'data-testid': `lang-${lang}` })),
        onClick: ({ key }) => {
          onOpenChange(false);
          changeLanguage(key as Language);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
