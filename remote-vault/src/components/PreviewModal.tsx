import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { AppModal } from '@oncodesk/shared/ui';
import type { VaultItem } from '@oncodesk/shared';
import { vaultApi } from '../api/vault';

/** Whether the browser can show the file itself (the server serves these inline). */
export const canPreview = (item: VaultItem) => item.fileType === 'pdf' || item.fileType === 'jpeg' || item.fileType === 'png';

/** PDFs in the browser's own viewer, images as images; both fetched inline from the vault. */
export function PreviewModal({ item, onClose, onDownload }: { item: VaultItem | null; onClose(): void; onDownload(item: VaultItem): void }) {
  const { t } = useTranslation('vault');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    setSrc(null);
    if (item) void vaultApi.downloadUrl(item.id, true).then(setSrc, () => onClose());
  }, [item, onClose]);
  return (
    <AppModal
      open={!!item}
      size="xLarge"
      title={item?.name}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="dl" onClick={() => item && onDownload(item)}>{t('actions.download')}</Button>,
        <Button key="close" type="primary" onClick={onClose}>{t('common:actions.close')}</Button>,
      ]}
    >
      {item && !src && <Spin style={{ display: 'block', margin: 48 }} />}
      {item && src && item.fileType === 'pdf' && <iframe title={item.name} src={src} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="preview-pdf" />}
      {item && src && item.fileType !== 'pdf' && (
        <div style={{ textAlign: 'center' }}>
          <img src={src} alt={item.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} data-testid="preview-image" />
        </div>
      )}
    </AppModal>
  );
}
