import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import Alert from 'antd/es/alert';
import Breadcrumb from 'antd/es/breadcrumb';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { AppstoreOutlined, FolderAddOutlined, HomeOutlined, UnorderedListOutlined, UploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useSearchParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { cspNonce, toast } from '@oncodesk/shared/ui';
import { ApiError, type VaultItem, type VaultListing, type VaultUsage } from '@oncodesk/shared';
import { vaultAccept, vaultDateFilters, vaultSorts, vaultTypeFilters } from '@oncodesk/shared/contracts';
import { vaultApi } from '../api/vault';
import { useViewStore } from '../state/viewStore';
import { useUploadStore } from '../state/uploadStore';
import { droppedFiles, pickedFiles } from '../upload/dropped';
import { ITEM_DRAG, ListView, MosaicView, type ItemAction } from '../components/ItemViews';
import { NameModal } from '../components/NameModal';
import { MoveModal } from '../components/MoveModal';
import { ShareModal } from '../components/ShareModal';
import { PreviewModal } from '../components/PreviewModal';
import { DeleteModal } from '../components/DeleteModal';
import { UploadPanel } from '../components/UploadPanel';
import { formatBytes } from '../components/format';
import { vaultStyles } from '../components/styles';

const errorText = (t: (k: string) => string, e: unknown) => (e instanceof ApiError ? (e.fields[0]?.message ?? e.message) : t('common:errors.internal'));

/** Starts a browser download of a URL (the session rides in the URL, see vaultApi). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export default function VaultPage() {
  const { t, i18n } = useTranslation('vault');
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder');
  const view = useViewStore();
  const addUploads = useUploadStore((s) => s.add);
  const [listing, setListing] = useState<VaultListing | null>(null);
  const [usage, setUsage] = useState<VaultUsage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [naming, setNaming] = useState<{ mode: 'create' } | { mode: 'rename'; item: VaultItem } | null>(null);
  const [moving, setMoving] = useState<VaultItem | null>(null);
  const [sharing, setSharing] = useState<VaultItem | null>(null);
  const [previewing, setPreviewing] = useState<VaultItem | null>(null);
  const [deleting, setDeleting] = useState<VaultItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    try {
      const [next, used] = await Promise.all([vaultApi.list({ parentId: folderId, sort: view.sort, date: view.date, type: view.type }), vaultApi.usage()]);
      if (mine !== seq.current) return; // a newer request won
      setListing(next);
      setUsage(used);
      setFailed(null);
    } catch (e) {
      if (mine === seq.current) setFailed(errorText(t, e));
    }
  }, [folderId, view.sort, view.date, view.type, t]);
  useEffect(() => void refresh(), [refresh]);

  const openFolder = (id: string | null) => setParams(id ? { folder: id } : {});

  const move = async (item: VaultItem, parentId: string | null) => {
    try {
      await vaultApi.patch(item.id, { parentId });
      toast.success(t('move.done', { name: item.name }));
      await refresh();
    } catch (e) {
      toast.danger(errorText(t, e));
    }
  };

  const startDownload = async (item: VaultItem) => {
    try {
      download(await (item.kind === 'folder' ? vaultApi.zipUrl(item.id) : vaultApi.downloadUrl(item.id)));
    } catch (e) {
      toast.danger(errorText(t, e));
    }
  };
  const closePreview = useCallback(() => setPreviewing(null), []);

  const onAction = (action: ItemAction, item: VaultItem) => {
    switch (action) {
      case 'open': return openFolder(item.id);
      case 'preview': return setPreviewing(item);
      case 'download': return void startDownload(item);
      case 'rename': return setNaming({ mode: 'rename', item });
      case 'move': return setMoving(item);
      case 'share': return setSharing(item);
      case 'delete': return setDeleting(item);
    }
  };

  const onDropOnFolder = (draggedId: string, folder: VaultItem) => {
    const dragged = listing?.items.find((i) => i.id === draggedId);
    if (dragged) void move(dragged, folder.id);
  };

  // Desktop files dropped anywhere on the vault upload into the open folder.
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragging(true);
  };
  const onDrop = async (e: DragEvent) => {
    setDragging(false);
    if (e.dataTransfer.types.includes(ITEM_DRAG) || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    addUploads(await droppedFiles(e.dataTransfer), folderId, () => void refresh());
  };

  const crumbs = listing?.breadcrumbs ?? [];
  const crumbDrop = (target: string | null) => ({
    onDragOver: (e: DragEvent) => e.dataTransfer.types.includes(ITEM_DRAG) && e.preventDefault(),
    onDrop: (e: DragEvent) => {
      const id = e.dataTransfer.getData(ITEM_DRAG);
      const dragged = listing?.items.find((i) => i.id === id);
      if (dragged) void move(dragged, target);
    },
  });

  return (
    <div className={`od-vault${dragging ? ' od-vault-dragging' : ''}`} data-testid="vault-page" onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop}>
      <style nonce={cspNonce()}>{vaultStyles}</style>
      <div className="od-vault-head">
        <Typography.Title level={3} style={{ margin: 0 }}>{t('title')}</Typography.Title>
        {usage && (
          <Typography.Text type="secondary" data-testid="vault-usage">
            {t('usage', { size: formatBytes(usage.usedBytes, i18n.language), quota: formatBytes(usage.quotaBytes, i18n.language), files: usage.files, folders: usage.folders })}
          </Typography.Text>
        )}
      </div>

      <div className="od-vault-toolbar">
        <Button icon={<FolderAddOutlined />} onClick={() => setNaming({ mode: 'create' })} data-testid="new-folder">{t('actions.newFolder')}</Button>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()} data-testid="upload-files">{t('actions.uploadFiles')}</Button>
        <Button icon={<FolderOpenOutlined />} onClick={() => folderInput.current?.click()} data-testid="upload-folder">{t('actions.uploadFolder')}</Button>
        <input ref={fileInput} type="file" multiple accept={vaultAccept} hidden data-testid="file-input" onChange={(e) => (addUploads(pickedFiles(e.target.files), folderId, () => void refresh()), (e.target.value = ''))} />
        <input
          ref={(el) => {
            folderInput.current = el;
            el?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          hidden
          data-testid="folder-input"
          onChange={(e) => (addUploads(pickedFiles(e.target.files), folderId, () => void refresh()), (e.target.value = ''))}
        />
        <span className="od-vault-spacer" />
        <Select aria-label={t('sort.label')} value={view.sort} onChange={view.setSort} data-testid="sort" style={{ minWidth: 150 }} options={vaultSorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))} />
        <Select aria-label={t('filters.date')} value={view.date} onChange={view.setDate} data-testid="filter-date" style={{ minWidth: 130 }} options={vaultDateFilters.map((s) => ({ value: s, label: t(`filters.dates.${s}`) }))} />
        <Select aria-label={t('filters.type')} value={view.type} onChange={view.setType} data-testid="filter-type" style={{ minWidth: 120 }} options={vaultTypeFilters.map((s) => ({ value: s, label: t(`filters.types.${s}`) }))} />
        <Segmented
          value={view.viewType}
          onChange={(v) => view.setViewType(v as 'mosaic' | 'list')}
          data-testid="view-toggle"
          options={[
            { value: 'mosaic', icon: <AppstoreOutlined />, title: t('views.mosaic') },
            { value: 'list', icon: <UnorderedListOutlined />, title: t('views.list') },
          ]}
        />
      </div>

      <Breadcrumb
        className="od-vault-crumbs"
        data-testid="breadcrumbs"
        items={[
          { title: <a onClick={() => openFolder(null)} {...crumbDrop(null)} data-testid="crumb-root"><HomeOutlined /> {t('root')}</a> },
          ...crumbs.map((c, i) => ({ title: i === crumbs.length - 1 ? <span {...crumbDrop(c.id)}>{c.name}</span> : <a onClick={() => openFolder(c.id)} {...crumbDrop(c.id)}>{c.name}</a> })),
        ]}
      />

      <UploadPanel />
      {failed && <Alert type="error" showIcon title={failed} action={<Button size="small" onClick={() => void refresh()}>{t('common:actions.retry')}</Button>} style={{ marginBottom: 16 }} />}
      {!listing && !failed && <Spin style={{ display: 'block', margin: 48 }} />}
      {listing && !listing.items.length && (
        <Empty description={view.type !== 'all' || view.date !== 'all' ? t('emptyFiltered') : t('empty')} data-testid="vault-empty" />
      )}
      {listing && listing.items.length > 0 &&
        (view.viewType === 'mosaic' ? (
          <MosaicView items={listing.items} onAction={onAction} onDropOnFolder={onDropOnFolder} />
        ) : (
          <ListView items={listing.items} onAction={onAction} onDropOnFolder={onDropOnFolder} />
        ))}
      <Typography.Paragraph type="secondary" className="od-vault-hint">{t('dropHint')}</Typography.Paragraph>

      <NameModal
        open={!!naming}
        title={naming?.mode === 'rename' ? t('name.renameTitle') : t('name.createTitle')}
        okText={naming?.mode === 'rename' ? t('actions.rename') : t('actions.create')}
        initial={naming?.mode === 'rename' ? naming.item.name : ''}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (naming?.mode === 'rename') await vaultApi.patch(naming.item.id, { name });
          else await vaultApi.createFolder({ parentId: folderId, name });
          toast.success(naming?.mode === 'rename' ? t('name.renamed') : t('name.created', { name }));
          await refresh();
        }}
      />
      <MoveModal item={moving} onMove={move} onClose={() => setMoving(null)} />
      <ShareModal item={sharing} onClose={() => setSharing(null)} onChanged={() => void refresh()} />
      <PreviewModal item={previewing} onClose={closePreview} onDownload={(item) => void startDownload(item)} />
      <DeleteModal
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={async (item) => {
          try {
            await vaultApi.remove(item.id);
            toast.success(t('delete.done', { name: item.name }));
            await refresh();
          } catch (e) {
            toast.danger(errorText(t, e));
          }
        }}
      />
    </div>
  );
}
