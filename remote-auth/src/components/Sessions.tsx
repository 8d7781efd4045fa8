import { useCallback, useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { errorKey } from '@oncodesk/shared';
import { endSessionHere } from '../state/session';
import type { SessionSummary } from '@oncodesk/shared/contracts';
import { authApi } from '@oncodesk/shared/api';

/** A user agent as a person names a device ("Chrome on Linux"); the raw string when it says nothing known. */
export function deviceOf(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /iPhone|iPad/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  return browser && os ? `${browser} · ${os}` : browser ?? os ?? ua.slice(0, 60);
}

/** The account's open sessions (device, last use): end one, or every other one. */
export function Sessions() {
  const { t, i18n } = useTranslation('auth');
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(() => authApi.sessions().then((r) => setSessions(r.sessions), (e) => setFailure(t(errorKey(e)))), [t]);
  useEffect(() => void load(), [load]);
  const run = async (f: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await f();
      await load();
    } catch (e) {
      setFailure(t(errorKey(e)));
    }
  };
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card style={{ marginTop: 16 }} title={t('sessions.title')} data-testid="profile-sessions">
      {failure && <Alert type="warning" title={failure} style={{ marginBottom: 8 }} />}
      {(sessions ?? []).map((s) => (
        <div key={s.id} data-testid="session" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <div>
            <Typography.Text strong>{deviceOf(s.userAgent) ?? t('sessions.unknownDevice')}</Typography.Text>
            {s.current && <Tag color="green" style={{ marginLeft: 8 }} data-testid="session-current">{t('sessions.current')}</Tag>}
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{t('sessions.lastSeen', { when: when(s.lastSeenAt) })}</Typography.Text>
          </div>
          {!s.current && (
            <Button size="small" onClick={() => void run(() => authApi.endSession(s.id))} data-testid="session-end">{t('sessions.end')}</Button>
          )}
        </div>
      ))}
      <Button
        style={{ marginTop: 12 }}
        disabled={!sessions || sessions.length < 2}
        onClick={() => void run(() => authApi.signOutAll(true))}
        data-testid="sessions-end-others"
      >
        {t('sessions.endOthers')}
      </Button>
      <Button style={{ marginTop: 12, marginLeft: 8 }} danger onClick={() => void authApi.signOutAll(false).finally(() => endSessionHere('user'))} data-testid="sessions-end-all">
        {t('sessions.endAll')}
      </Button>
    </Card>
  );
}
