import { useEffect, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { DownloadOutlined } from '@ant-design/icons';
import { useParams } from '@oncodesk/shared/router';
import { useTranslation } from 'react-i18next';
import { ApiError, type PublicShare } from '@oncodesk/shared';
import { vaultApi } from '../api/vault';
import { ItemIcon } from '../components/ItemViews';
import { formatBytes, formatDate } from '../components/format';

/** The mailed link, signed out: what was shared, by whom, and a download (folders as zip). */
export default function DownloadPage() {
  const { t, i18n } = useTranslation('vault');
  const { hash = '' } = useParams();
  const [share, setShare] = useState<PublicShare | null>(null);
  const [state, setState] = useState<'loading' | 'ok' | 'invalid' | 'error'>('loading');

  useEffect(() => {
    setState('loading');
    vaultApi
      .publicInfo(hash)
      .then((s) => (setShare(s), setState('ok')))
      .catch((e) => setState(e instanceof ApiError && e.status >= 400 && e.status < 500 ? 'invalid' : 'error'));
  }, [hash]);

  if (state === 'loading') return <Spin style={{ display: 'block', margin: 64 }} data-testid="download-page" />;
  if (state !== 'ok' || !share)
    return (
      <Result
        status="warning"
        title={t('download.invalidTitle')}
        subTitle={state === 'invalid' ? t('common:errors.invalid_link') : t('common:errors.internal')}
        data-testid="download-invalid"
      />
    );
  const asItem = { kind: share.kind, fileType: share.fileType } as Parameters<typeof ItemIcon>[0]['item'];
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 12px' }} data-testid="download-page">
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={4} style={{ marginTop: 0, display: 'flex', gap: 10, alignItems: 'center', overflowWrap: 'anywhere', minWidth: 0 }}>
          <ItemIcon item={asItem} size={28} /> <span data-testid="download-name">{share.name}</span>
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('download.sharedBy', { owner: share.ownerNickname ?? t('download.someone') })}</Typography.Paragraph>
        <Descriptions column={1} size="small" items={[
          { key: 'type', label: t('download.type'), children: share.kind === 'folder' ? t('download.folder') : t(`filters.types.${share.fileType === 'jpeg' || share.fileType === 'png' ? 'image' : share.fileType === 'xls' ? 'xlsx' : share.fileType}`) },
          { key: 'size', label: t('download.size'), children: formatBytes(share.size, i18n.language) },
          { key: 'expires', label: t('download.expires'), children: formatDate(share.expiresAt, i18n.language) },
        ]} />
        <Button type="primary" block size="large" icon={<DownloadOutlined />} href={vaultApi.publicDownloadUrl(hash)} style={{ marginTop: 16 }} data-testid="download-button">
          {share.kind === 'folder' ? t('download.zip') : t('download.button')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 16 }}>{t('download.disclaimer')}</Typography.Paragraph>
      </Card>
    </div>
  );
}
