import { useEffect, useState } from 'react';
import Breadcrumb from 'antd/es/breadcrumb';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import theme from 'antd/es/theme';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppModal, RowList, useBusy } from '@oncodesk/shared/ui';
import type { VaultCrumb, VaultItem } from '@oncodesk/shared';
import { vaultApi } from '../api/vault';

interface Props {
  item: VaultItem | null;
  onMove(item: VaultItem, parentId: string | null): Promise<void>;
  onClose(): void;
}

/** Picks a destination folder by browsing the vault's folders; the moved folder itself is not offered. */
export function MoveModal({ item, onMove, onClose }: Props) {
  const { t } = useTranslation('vault');
  const [at, setAt] = useState<string | null>(null);
  const [crumbs, setCrumbs] = useState<VaultCrumb[]>([]);
  const [folders, setFolders] = useState<VaultItem[] | null>(null);
  const [busy, whileBusy] = useBusy();
  const { token } = theme.useToken();

  useEffect(() => {
    if (item) setAt(null);
  }, [item]);
  useEffect(() => {
    if (!item) return;
    setFolders(null);
    void vaultApi.list({ parentId: at, type: 'folder' }).then((listing) => {
      setFolders(listing.items.filter((f) => f.id !== item.id));
      setCrumbs(listing.breadcrumbs);
    });
  }, [item, at]);

  const here = async () => {
    if (!item) return;
    await whileBusy(async () => {
      await onMove(item, at);
      onClose();
    });
  };

  return (
    <AppModal
      open={!!item}
      size="medium"
      title={t('move.title', { name: item?.name ?? '' })}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>{t('common:actions.cancel')}</Button>,
        <Button key="ok" type="primary" loading={busy} disabled={item?.parentId === at} onClick={here} data-testid="move-here">{t('move.here')}</Button>,
      ]}
    >
      <Breadcrumb
        items={[
          { title: <a onClick={() => setAt(null)} data-testid="move-root"><HomeOutlined /> {t('root')}</a> },
          ...crumbs.map((c) => ({ title: <a onClick={() => setAt(c.id)}>{c.name}</a> })),
        ]}
      />
      {folders === null ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : (
        // each folder opens with a real button (its own padding), so keyboards reach it too
        <RowList
          items={folders}
          rowKey={(f) => f.id}
          empty={t('move.noFolders')}
          rowStyle={{ padding: 0 }}
          renderRow={(f) => (
              <Button
                type="text"
                block
                icon={<FolderOutlined style={{ color: token.colorPrimary }} />}
                onClick={() => setAt(f.id)}
                data-testid={`move-folder-${f.name}`}
                style={{ justifyContent: 'flex-start', height: 'auto', padding: `${token.paddingContentVerticalSM}px ${token.paddingContentHorizontal}px`, whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' }}
              >
                {f.name}
              </Button>
          )}
        />
      )}
    </AppModal>
  );
}
