import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@oncodesk/shared/router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Progress from 'antd/es/progress';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type PatientFolder } from '@oncodesk/shared';
import { patientsApi } from '@oncodesk/shared/api';
import { toastError } from '../lib/errors';
import { AppModal, toast } from '@oncodesk/shared/ui';
import { useFolders } from '../state/folders';
import { FolderForm } from '../components/FolderForm';
import { FhirImport } from '../components/FhirImport';

/** Patient folders: list, create, rename, delete; opening one continues where it stopped. */
export default function FoldersPage() {
  const { t } = useTranslation('trials');
  const navigate = useNavigate();
  const { folders, load, upsert, remove } = useFolders();
  const [params] = useSearchParams();
  // ?new=1 (from "add a new patient folder" elsewhere in the wizard) opens the form at once.
  const [creating, setCreating] = useState(params.get('new') === '1');
  const [editing, setEditing] = useState<PatientFolder | null>(null);
  const [deleting, setDeleting] = useState<PatientFolder | null>(null);
  useEffect(() => void load(), [load]);

  const fail = toastError;

  return (
    <div className="od-trials" data-testid="trials-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('folders.title')}</Typography.Title>
        <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <FhirImport onImported={(id) => { void load(); void navigate(`/clinical-trials/${id}`); }} />
          <Button type="primary" icon={<FolderAddOutlined />} onClick={() => setCreating(true)} data-testid="folder-new">{t('folders.new')}</Button>
        </span>
      </div>
      <Typography.Paragraph type="secondary">{t('folders.intro')}</Typography.Paragraph>
      {folders === null ? (
        <Spin />
      ) : folders.length === 0 ? (
        <Empty description={t('folders.empty')} data-testid="folders-empty" />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 12 }} data-testid="folder-list">
          {folders.map((f) => (
            <Card
              key={f.id}
              size="small"
              hoverable
              data-testid="folder-card"
              title={<span data-testid="folder-card-name">{f.name}</span>}
              onClick={() => navigate(`/clinical-trials/${f.id}`)}
              extra={
                <span onClick={(e) => e.stopPropagation()}>
                  <Button type="text" size="small" aria-label={t('folders.rename')} icon={<EditOutlined />} onClick={() => setEditing(f)} data-testid="folder-rename" />
                  <Button type="text" size="small" danger aria-label={t('folders.delete')} icon={<DeleteOutlined />} onClick={() => setDeleting(f)} data-testid="folder-delete" />
                </span>
              }
            >
              <div>{t(`focus.${f.focusArea}`)}</div>
              <Progress percent={Math.round(f.progress * 100)} size="small" aria-label={t('survey.progress')} />
              {/* the credits the folder's searches took this period, from the same ledger as the plan's counter (not its saved scopes: those are free) */}
              {(f.creditsUsed > 0 || f.searches.length > 0) && (
                <Typography.Text type="secondary" data-testid="folder-credits-used">{t('folders.creditsUsed', { count: f.creditsUsed })}</Typography.Text>
              )}
            </Card>
          ))}
        </div>
      )}
      {creating && (
        <FolderForm
          open
          title={t('folders.new')}
          onClose={() => setCreating(false)}
          onSubmit={async (v) => {
            try {
              const folder = await patientsApi.create(v);
              upsert(folder);
              setCreating(false);
              void navigate(`/clinical-trials/${folder.id}`);
            } catch (e) {
              fail(e);
            }
          }}
        />
      )}
      {editing && (
        <FolderForm
          open
          title={t('folders.rename')}
          initial={{ name: editing.name, focusArea: editing.focusArea }}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            try {
              upsert(await patientsApi.update(editing.id, v.focusArea === editing.focusArea ? { name: v.name } : v));
              setEditing(null);
            } catch (e) {
              fail(e);
            }
          }}
        />
      )}
      <AppModal
        open={!!deleting}
        size="small"
        title={t('folders.deleteTitle')}
        okText={t('folders.delete')}
        okButtonProps={{ danger: true, ...({ 'data-testid': 'folder-delete-confirm' } as Record<string, string>) }}
        cancelText={t('common.cancel')}
        onCancel={() => setDeleting(null)}
        onOk={async () => {
          if (!deleting) return;
          try {
            await patientsApi.remove(deleting.id);
            remove(deleting.id);
            toast.success(t('folders.deleted'));
          } catch (e) {
            fail(e);
          }
          setDeleting(null);
        }}
      >
        {deleting && t('folders.deleteText', { name: deleting.name })}
      </AppModal>
    </div>
  );
}
