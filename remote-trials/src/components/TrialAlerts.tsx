import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FolderAlert } from '@oncodesk/shared';
import { scopeLabel } from './SearchScope';

/**
 * "Alert me about new matching trials" for the search on screen, with what it does. A folder has one
 * alert: when it watches another of the folder's searches, the text says which, and switching it on here
 * moves it to this one. Off until the search has been run (there is nothing to watch yet).
 */
export function AlertSwitch({ alert, searchKey, saving, disabled, onChange }: { alert: FolderAlert | null; searchKey: string; saving: boolean; disabled?: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('trials');
  const here = !!alert?.enabled && alert.searchKey === searchKey;
  const elsewhere = !!alert?.enabled && !here && alert.searchKey !== null;
  return (
    <div data-testid="alert-box" style={{ display: 'flex', gap: 10, alignItems: 'flex-start', margin: '8px 0', padding: '8px 12px', background: 'rgba(91, 60, 196, 0.06)', borderRadius: 8 }}>
      <Switch
        id="alert-switch"
        checked={here}
        loading={saving}
        disabled={disabled || !alert}
        onChange={onChange}
        data-testid="alert-switch"
        aria-describedby="alert-help"
        style={{ marginTop: 2, flex: 'none' }}
      />
      <div style={{ minWidth: 0 }}>
        <label htmlFor="alert-switch" style={{ fontWeight: 500, cursor: 'pointer' }}>
          <BellOutlined aria-hidden style={{ marginRight: 6 }} />
          {t('alerts.switch')}
        </label>
        <Typography.Paragraph id="alert-help" type="secondary" style={{ margin: 0, fontSize: 13 }} data-testid="alert-help">
          {elsewhere ? t('alerts.elsewhere', { scope: scopeLabel(alert!.searchKey!, t) }) : here ? t('alerts.on') : t('alerts.help')}
        </Typography.Paragraph>
      </div>
    </div>
  );
}

/** On a trial card: the trial appeared in this folder's results since the clinician's previous visit. */
export function NewSinceTag() {
  const { t } = useTranslation('trials');
  return (
    <Tag color="purple" data-testid="chip-new" title={t('alerts.newHelp')}>
      {t('alerts.new')}
    </Tag>
  );
}
