import { useEffect, useId, useState } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AppModal, RowList, toast } from '@oncodesk/shared/ui';
import { ApiError, type VaultItem, type VaultShare } from '@oncodesk/shared';
import { Email } from '@oncodesk/shared/contracts';
import { vaultApi } from '../api/vault';
import { formatDate } from './format';

interface Props {
  item: VaultItem | null;
  onClose(): void;
  onChanged(): void;
}

/** Shares an item with a list of emails and shows who has it, with revocation. */
export function ShareModal({ item, onClose, onChanged }: Props) {
  const { t, i18n } = useTranslation('vault');
  const [draft, setDraft] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [shares, setShares] = useState<VaultShare[]>([]);
  const [busy, setBusy] = useState(false);
  const { token } = theme.useToken();
  const listLabel = useId();

  const load = (id: string) => vaultApi.shares(id).then((r) => setShares(r.shares)).catch(() => setShares([]));
  useEffect(() => {
    if (!item) return;
    setDraft('');
    setEmails([]);
    setError(null);
    void load(item.id);
  }, [item]);

  /** Adds the typed address; returns the list including it, or null when it was refused. */
  const add = (): string[] | null => {
    if (!draft.trim()) return emails;
    const parsed = Email.safeParse(draft);
    if (!parsed.success) {
      setError(t(`common:errors.${parsed.error.issues[0].message}`));
      return null;
    }
    if (emails.includes(parsed.data)) {
      setError(t('share.duplicate', { email: parsed.data }));
      return null;
    }
    const next = [...emails, parsed.data];
    setEmails(next);
    setDraft('');
    setError(null);
    return next;
  };

  const share = async () => {
    const list = add();
    if (!item || !list || !list.length) return;
    setBusy(true);
    try {
      await vaultApi.share(item.id, list);
      toast.success(t('share.done', { count: list.length }));
      setEmails([]);
      await load(item.id);
      onChanged();
    } catch (e) {
      const dup = e instanceof ApiError ? e.fields.find((f) => f.code === 'email_duplicate') : undefined;
      if (dup) setError(t('share.duplicate', { email: list[Number(dup.path.split('.')[1])] }));
      else if (e instanceof ApiError && e.status === 400) setError(e.fields[0]?.message ?? e.message);
      // Sharing needs a verified email: say so rather than a generic failure.
      else if (e instanceof ApiError && e.code === 'email_not_verified') setError(t('common:errors.email_not_verified'));
      else toast.danger(t('common:errors.vault_share_failed'));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (share: VaultShare) => {
    try {
      await vaultApi.revoke(share.id);
      toast.success(t('share.revoked', { email: share.email }));
      if (item) await load(item.id);
      onChanged();
    } catch {
      toast.danger(t('common:errors.internal'));
    }
  };

  const status = (s: VaultShare) => (s.revokedAt ? 'revoked' : s.active ? 'active' : 'expired');

  return (
    <AppModal open={!!item} size="large" title={t('share.title', { name: item?.name ?? '' })} onCancel={onClose} footer={null} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('share.hint')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          type="email"
          value={draft}
          placeholder={t('share.placeholder')}
          status={error ? 'error' : undefined}
          data-testid="share-email"
          onChange={(e) => (setDraft(e.target.value), setError(null))}
          onPressEnter={(e) => (e.preventDefault(), add())}
        />
        <Button onClick={add} data-testid="share-add">{t('share.add')}</Button>
      </Space.Compact>
      {error && <Typography.Text type="danger" data-testid="share-error">{error}</Typography.Text>}
      <div style={{ margin: '8px 0', minHeight: 24 }}>
        {emails.map((email) => (
          <Tag key={email} closable onClose={() => setEmails(emails.filter((e) => e !== email))} data-testid="share-chip">{email}</Tag>
        ))}
      </div>
      <Button type="primary" block loading={busy} disabled={!emails.length && !draft.trim()} onClick={share} data-testid="share-submit">{t('share.submit')}</Button>
      <Typography.Title level={5} style={{ marginTop: 20 }} id={listLabel}>{t('share.sharedWith')}</Typography.Title>
      <RowList
        items={shares}
        rowKey={(s) => s.id}
        size="small"
        data-testid="share-list"
        aria-labelledby={listLabel}
        empty={t('share.none')}
        rowProps={(s) => ({ 'data-testid': `share-row-${s.email}` })}
        rowStyle={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: token.marginLG, rowGap: token.marginXS }}
        renderRow={(s, i) => (
          <>
            <div style={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
              <div id={`${listLabel}-${i}`} style={{ marginBlockEnd: token.marginXXS }}>{s.email}</div>
              <div style={{ color: token.colorTextDescription }}>{`${t(`share.status.${status(s)}`)} · ${t('share.expires', { date: formatDate(s.expiresAt, i18n.language) })}`}</div>
            </div>
            {s.active && (
              <Button size="small" danger onClick={() => revoke(s)} aria-describedby={`${listLabel}-${i}`} data-testid={`revoke-${s.email}`}>{t('share.revoke')}</Button>
            )}
          </>
        )}
      />
    </AppModal>
  );
}
