import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUploadStore } from '../state/uploadStore';
import { formatBytes } from './format';

/** One progress bar per file, with the reason when a file failed. */
export function UploadPanel() {
  const { t, i18n } = useTranslation('vault');
  const { entries, cancel, clearFinished } = useUploadStore();
  if (!entries.length) return null;
  const active = entries.some((e) => e.status === 'queued' || e.status === 'uploading');
  return (
    <Card
      size="small"
      title={t('upload.title')}
      data-testid="upload-panel"
      extra={!active && <Button size="small" type="link" onClick={clearFinished} data-testid="upload-clear">{t('upload.clear')}</Button>}
      style={{ marginBottom: 16 }}
    >
      {entries.map((e) => {
        const percent = e.size ? Math.floor((e.sent / e.size) * 100) : e.status === 'done' ? 100 : 0;
        return (
          <div key={e.id} data-testid="upload-row" data-status={e.status} style={{ marginBottom: 8 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Typography.Text ellipsis style={{ maxWidth: '70%' }}>{e.name}</Typography.Text>
              <span>
                <Typography.Text type="secondary">{formatBytes(e.size, i18n.language)}</Typography.Text>
                {(e.status === 'uploading' || e.status === 'queued') && (
                  <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('upload.cancel')} onClick={() => cancel(e.id)} />
                )}
              </span>
            </div>
            <Progress percent={percent} size="small" status={e.status === 'failed' ? 'exception' : e.status === 'done' ? 'success' : 'active'} />
            {e.error && <Typography.Text type="danger" data-testid="upload-error">{t('upload.failed', { error: e.error })}</Typography.Text>}
          </div>
        );
      })}
    </Card>
  );
}
