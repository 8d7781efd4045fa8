import type { DragEvent, ReactNode } from 'react';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Table from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import {
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  EyeOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FolderFilled,
  MoreOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VaultItem } from '@oncodesk/shared';
import { formatBytes, formatDate } from './format';
import { canPreview } from './PreviewModal';

export type ItemAction = 'open' | 'preview' | 'download' | 'rename' | 'move' | 'share' | 'delete';

export interface ItemViewProps {
  items: VaultItem[];
  onAction(action: ItemAction, item: VaultItem): void;
  /** Drop of a dragged item onto a folder. */
  onDropOnFolder(draggedId: string, folder: VaultItem): void;
}

/** The MIME type our drags carry, so drops from the desktop (files) are told apart from moves. */
export const ITEM_DRAG = 'application/x-oncodesk-vault-item';

export function ItemIcon({ item, size = 20 }: { item: VaultItem; size?: number }) {
  const style = { fontSize: size };
  if (item.kind === 'folder') return <FolderFilled style={{ ...style, color: '#f4b740' }} />;
  if (item.fileType === 'pdf') return <FilePdfOutlined style={{ ...style, color: '#d64545' }} />;
  if (item.fileType === 'jpeg' || item.fileType === 'png') return <FileImageOutlined style={{ ...style, color: '#3c8dbc' }} />;
  if (item.fileType === 'xlsx' || item.fileType === 'xls' || item.fileType === 'csv') return <FileExcelOutlined style={{ ...style, color: '#2e8b57' }} />;
  return <FileOutlined style={style} />;
}

function ItemMenu({ item, onAction }: { item: VaultItem; onAction: ItemViewProps['onAction'] }) {
  const { t } = useTranslation('vault');
  const entries: { key: ItemAction; icon: ReactNode; label: string; danger?: boolean }[] = [
    ...(canPreview(item) ? [{ key: 'preview' as const, icon: <EyeOutlined />, label: t('actions.preview') }] : []),
    { key: 'download', icon: <DownloadOutlined />, label: item.kind === 'folder' ? t('actions.downloadZip') : t('actions.download') },
    { key: 'rename', icon: <EditOutlined />, label: t('actions.rename') },
    { key: 'move', icon: <DragOutlined />, label: t('actions.move') },
    { key: 'share', icon: <ShareAltOutlined />, label: t('actions.share') },
    { key: 'delete', icon: <DeleteOutlined />, label: t('actions.delete'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: entries.map((e) => ({ ...e, 'data-testid': `action-${e.key}` })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          onAction(key as ItemAction, item);
        },
      }}
    >
      <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('actions.more', { name: item.name })} data-testid={`menu-${item.name}`} onClick={(e) => e.stopPropagation()} />
    </Dropdown>
  );
}

/** Drag-and-drop wiring shared by both views: every item drags, folders accept drops. */
function dnd(item: VaultItem, onDropOnFolder: ItemViewProps['onDropOnFolder']) {
  return {
    draggable: true,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(ITEM_DRAG, item.id);
      e.dataTransfer.effectAllowed = 'move';
    },
    ...(item.kind === 'folder'
      ? {
          onDragOver: (e: DragEvent) => {
            if (e.dataTransfer.types.includes(ITEM_DRAG)) {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
            }
          },
          onDrop: (e: DragEvent) => {
            const id = e.dataTransfer.getData(ITEM_DRAG);
            if (!id) return;
            e.preventDefault();
            e.stopPropagation();
            if (id !== item.id) onDropOnFolder(id, item);
          },
        }
      : {}),
  };
}

const open = (item: VaultItem, onAction: ItemViewProps['onAction']) => onAction(item.kind === 'folder' ? 'open' : canPreview(item) ? 'preview' : 'download', item);

export function MosaicView({ items, onAction, onDropOnFolder }: ItemViewProps) {
  const { i18n } = useTranslation('vault');
  return (
    <div className="od-vault-mosaic" data-testid="vault-mosaic">
      {items.map((item) => (
        <div
          key={item.id}
          className="od-vault-tile"
          data-testid={`item-${item.name}`}
          data-kind={item.kind}
          role="button"
          tabIndex={0}
          onDoubleClick={() => open(item, onAction)}
          onKeyDown={(e) => e.key === 'Enter' && open(item, onAction)}
          onClick={() => item.kind === 'folder' && onAction('open', item)}
          {...dnd(item, onDropOnFolder)}
        >
          <div className="od-vault-tile-menu"><ItemMenu item={item} onAction={onAction} /></div>
          <ItemIcon item={item} size={44} />
          <Tooltip title={item.name}><div className="od-vault-tile-name">{item.name}</div></Tooltip>
          <div className="od-vault-tile-meta">
            {formatBytes(item.size, i18n.language)}
            {item.activeShares > 0 && <ShareAltOutlined style={{ marginLeft: 6 }} />}
          </div>
        </div>
      ))}
    </div>
  );
}

export function ListView({ items, onAction, onDropOnFolder }: ItemViewProps) {
  const { t, i18n } = useTranslation('vault');
  return (
    <Table<VaultItem>
      data-testid="vault-list"
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={items}
      scroll={{ x: 'max-content' }}
      onRow={(item) => ({ ...dnd(item, onDropOnFolder), onDoubleClick: () => open(item, onAction), 'data-testid': `item-${item.name}`, 'data-kind': item.kind } as object)}
      columns={[
        {
          title: t('columns.name'),
          key: 'name',
          render: (_, item) => (
            <a onClick={() => open(item, onAction)} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <ItemIcon item={item} /> {item.name}
            </a>
          ),
        },
        { title: t('columns.size'), key: 'size', responsive: ['sm'], render: (_, item) => formatBytes(item.size, i18n.language) },
        { title: t('columns.date'), key: 'date', responsive: ['md'], render: (_, item) => formatDate(item.createdAt, i18n.language) },
        { title: t('columns.shared'), key: 'shared', responsive: ['lg'], render: (_, item) => (item.lastSharedAt ? formatDate(item.lastSharedAt, i18n.language) : '—') },
        { title: '', key: 'menu', width: 48, render: (_, item) => <ItemMenu item={item} onAction={onAction} /> },
      ]}
    />
  );
}
