import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AppModal, useBusy } from '@oncodesk/shared/ui';
import type { VaultItem } from '@oncodesk/shared';

/** Confirms a deletion; for folders it says that everything inside goes too. */
export function DeleteModal({ item, onConfirm, onClose }: { item: VaultItem | null; onConfirm(item: VaultItem): Promise<void>; onClose(): void }) {
  const { t } = useTranslation('vault');
  const [busy, whileBusy] = useBusy();
  const confirm = async () => {
    if (!item) return;
    await whileBusy(async () => {
      await onConfirm(item);
      onClose();
    });
  };
  return (
    <AppModal
      open={!!item}
      size="small"
      title={t('delete.title', { name: item?.name ?? '' })}
      okText={t('actions.delete')}
      okButtonProps={{ danger: true, ...({ 'data-testid': 'delete-ok' } as Record<string, string>) }}
      cancelText={t('common:actions.cancel')}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onClose}
    >
      <Typography.Paragraph>{item?.kind === 'folder' ? t('delete.folder') : t('delete.file')}</Typography.Paragraph>
    </AppModal>
  );
}
