import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, languageLabels, languages, type Language } from '@oncodesk/shared';

export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('shell');
  const current = (i18n.language as Language) ?? 'en-US';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: languages.map((lang) => ({ key: lang, label: languageLabels[lang], 'data-testid': `lang-${lang}` })),
        onClick: ({ key }) => changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.menu')} data-testid="language-menu" className="od-side-button">
        {compact ? null : languageLabels[current] ?? 'English'}
      </Button>
    </Dropdown>
  );
}
