import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from '@oncodesk/shared/router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload, { type UploadFile } from 'antd/es/upload';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FolderOpenOutlined } from '@ant-design/icons';
import { assertionOf, displayUnit, notActionableReason, type DocumentFinding, type FindingAssertion, type DocumentPage, type PatchFindingRequest, type PatientFolder, type ReportDocument } from '@oncodesk/shared/contracts';
import type { TFunction } from 'i18next';
import { FindingEditor } from '../components/FindingEditor';
import { documentsApi, patientsApi } from '@oncodesk/shared/api';
import { RowList, toast } from '@oncodesk/shared/ui';
import { errorText, toastError } from '../lib/errors';

/** A finding as one line a clinician reads ("BRAF V600E · c.1799T>A · VAF 22.5%", "Bilirubin (total) 1.4 mg/dL · H · ref. 0.2 - 1.2"). */
export function findingText(f: DocumentFinding, t: TFunction = ((k: string, o?: { defaultValue?: string }) => o?.defaultValue ?? k) as TFunction): string {
  const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;
  switch (f.kind) {
    case 'variant':
      // a splice change has only its cDNA change ("TP53 c.559+1G>A")
      return [`${f.gene} ${f.proteinChange ?? f.cdna ?? ''}`.trim(), f.proteinChange ? f.cdna : undefined, f.transcript, f.vaf !== undefined ? `VAF ${pct(f.vaf)}` : undefined].filter(Boolean).join(' · ');
    case 'copy_number':
      return [`${f.gene} ${f.change ? t(`reports.change.${f.change}`, { defaultValue: f.change }) : ''}`.trim(), f.copyNumber !== undefined ? `CN ${f.copyNumber}` : undefined].filter(Boolean).join(' · ');
    case 'fusion':
      return `${f.partner}::${f.gene}`;
    case 'tmb':
      return `TMB ${f.value} ${f.unit ?? ''}`.trim();
    case 'msi':
      return f.interpretation ?? 'MSI';
    case 'lab': {
      const name = f.analyte ? t(`common:labs.${f.analyte}`, { defaultValue: f.name }) : (f.name ?? '');
      const unit = displayUnit(f.unit);
      return [`${name} ${f.value ?? ''}${unit ? ` ${unit}` : ''}`, f.flag, f.referenceRange ? t('reports.ref', { range: f.referenceRange }) : undefined].filter(Boolean).join(' · ');
    }
    default:
      return `${f.name ?? f.kind} ${f.value ?? ''}${f.unit ?? ''}`.trim();
  }
}

const STATUS_COLOR = { proposed: 'default', accepted: 'green', rejected: 'red' } as const;
const ASSERTION_COLOR: Record<FindingAssertion, string> = { detected: 'default', not_detected: 'default', equivocal: 'orange', subclonal: 'blue', germline: 'purple', vus: 'gold', synonymous: 'gold', resistance: 'red' };

/**
 * A folder's reports: drop PDFs here, see what was read from each (with the line it came from), and accept
 * or reject each finding. Only accepted findings change the patient, as survey answers the trial search
 * and the treatment options read.
 */
export default function ReportsPage() {
  const { t } = useTranslation('trials');
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const [folder, setFolder] = useState<PatientFolder | null>(null);
  const [docs, setDocs] = useState<ReportDocument[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [shown, setShown] = useState<{ doc: ReportDocument; finding: DocumentFinding } | null>(null);

  const load = useCallback(() => documentsApi.list(patientId).then((r) => setDocs(r.documents), (e) => setError(errorText(e))), [patientId]);
  useEffect(() => {
    patientsApi.get(patientId).then(setFolder, (e) => setError(errorText(e)));
    void load();
  }, [patientId, load]);
  // a report being read is asked for again until it is done
  useEffect(() => {
    if (!docs?.some((d) => d.status === 'processing')) return;
    const timer = setTimeout(() => void load(), 1000);
    return () => clearTimeout(timer);
  }, [docs, load]);

  const [editing, setEditing] = useState<string | null>(null);
  const [sending, setSending] = useState<UploadFile[]>([]);
  const [reading, setReading] = useState(false);

  const readFolder = async () => {
    setReading(true);
    try {
      const r = await documentsApi.processDirectory({ patientId });
      if (r.documents.length) setDocs((all) => [...r.documents, ...(all ?? [])]);
      toast.success(r.documents.length ? t('reports.processed', { count: r.documents.length }) : t('reports.processedNone'));
    } catch (e) {
      toastError(e);
    } finally {
      setReading(false);
    }
  };

  const decide = async (doc: ReportDocument, f: DocumentFinding, status: DocumentFinding['status'], edit?: PatchFindingRequest['edit']) => {
    try {
      const next = await documentsApi.patchFinding(doc.id, f.id, { status, ...(edit ? { edit } : {}) });
      setEditing(null);
      setDocs((all) => (all ?? []).map((d) => (d.id === next.id ? next : d)));
      setChanged(true);
      const applied = next.findings.find((x) => x.id === f.id)?.appliedTo;
      if (status === 'accepted') toast.success(applied ? t('reports.applied') : t('reports.keptOnly'));
    } catch (e) {
      toastError(e);
    }
  };

  if (error) return <Alert type="warning" title={error} />;
  if (!folder || !docs) return <Spin data-testid="reports-loading" />;
  return (
    <div className="od-trials" data-testid="reports-page">
      <Typography.Title level={3} style={{ marginBottom: 0 }}>{t('reports.title')}</Typography.Title>
      <Typography.Text type="secondary">{folder.name} · {t(`focus.${folder.focusArea}`)}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('reports.intro')}</Typography.Paragraph>
      <Upload.Dragger
        multiple
        accept=".pdf,.png,.jpg,.jpeg,.csv,.txt,.xml"
        // the files on their way (fetch cannot report upload progress over HTTP/1.1 without streaming bodies,
        // which Chromium allows only over HTTP/2): each shows as being sent until it is a report below
        fileList={sending}
        showUploadList={{ showRemoveIcon: false }}
        onChange={({ fileList }) => setSending(fileList.filter((f) => f.status === 'uploading'))}
        customRequest={({ file, onSuccess, onError }) => {
          documentsApi.upload(patientId, file as File).then(
            (doc) => {
              setDocs((all) => [doc, ...(all ?? [])]);
              onSuccess?.(doc);
            },
            (e) => {
              toastError(e);
              onError?.(e as Error);
            },
          );
        }}
        data-testid="reports-upload"
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p>{t('reports.drop')}</p>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('reports.dropHint')}</Typography.Text>
      </Upload.Dragger>
      <Button icon={<FolderOpenOutlined />} loading={reading} onClick={() => void readFolder()} style={{ marginTop: 8, maxWidth: '100%', height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} data-testid="reports-process-directory">
        {t('reports.processDirectory')}
      </Button>
      {changed && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="reports-changed"
          title={t('reports.changed')}
          action={<Button size="small" onClick={() => navigate(`/clinical-trials/${patientId}`)}>{t('reports.toFolder')}</Button>}
        />
      )}
      {docs.length === 0 && <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="reports-empty">{t('reports.none')}</Typography.Paragraph>}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 12 }}>
        {docs.map((doc) => (
          <Card
            key={doc.id}
            size="small"
            data-testid="report"
            // a laboratory's file name is long: the title wraps so its status tags stay in view on a phone
            styles={{ title: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
            title={<span>{doc.name} <Tag data-testid="report-status">{t(`reports.status.${doc.status}`)}</Tag>{doc.status === 'done' && <Tag>{t(`reports.kind.${doc.kind}`)}</Tag>}{!!doc.ocrPages && <Tag color="orange" data-testid="report-ocr">{t('reports.ocr')}</Tag>}</span>}
          >
            {doc.status === 'processing' && <Spin size="small" />}
            {doc.status === 'failed' && <Alert type="warning" title={t(`reports.reason.${doc.reason ?? 'unreadable'}`, { defaultValue: t('reports.reason.unreadable') })} data-testid="report-failed" />}
            {doc.status === 'done' && doc.findings.length === 0 && <Typography.Text type="secondary">{t('reports.noFindings')}</Typography.Text>}
            {doc.findings.length > 0 && (
              <RowList
                items={doc.findings}
                rowProps={(f) => ({ 'data-testid': 'finding', 'data-finding': f.id })}
                renderRow={(f) => (
                  <div>
                    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
                      <Typography.Text strong data-testid="finding-text">{findingText(f, t)}</Typography.Text>
                      {assertionOf(f) !== 'detected' && (
                        <Tag color={ASSERTION_COLOR[assertionOf(f)]} data-testid="finding-assertion">
                          {t(`reports.assertion.${assertionOf(f)}`)}
                        </Tag>
                      )}
                      {f.kind === 'tmb' && f.unit !== 'mut/Mb' && <Tag color="gold" data-testid="finding-tmb-count">{t('reports.tmbNotPerMb')}</Tag>}
                      <Tag color={STATUS_COLOR[f.status]} data-testid="finding-status">{t(`reports.findingStatus.${f.status}`)}</Tag>
                    </div>
                    {f.original && (
                      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid="finding-edited">
                        {t('reports.edited', { read: findingText({ ...f, ...f.original } as DocumentFinding, t) })}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-testid="finding-source">
                      {f.source.box ? t('reports.source', { page: f.source.page }) : t('reports.row')}: “{f.source.text}”
                    </Typography.Text>
                    <div style={{ display: 'flex', gap: 8, marginTop: 4, flexWrap: 'wrap' }}>
                      {f.source.box && (
                        <Button size="small" type="link" onClick={() => setShown({ doc, finding: f })} data-testid="finding-show">{t('reports.show')}</Button>
                      )}
                      {/* what the report does not give as a finding about the patient (VUS, synonymous, denied, a TMB count) cannot be accepted */}
                      <Button size="small" type="primary" disabled={f.status === 'accepted' || !!notActionableReason(f)} title={notActionableReason(f) ? t('reports.notActionable') : undefined} onClick={() => void decide(doc, f, 'accepted')} data-testid="finding-accept">{t('reports.accept')}</Button>
                      <Button size="small" disabled={f.status === 'rejected'} onClick={() => void decide(doc, f, 'rejected')} data-testid="finding-reject">{t('reports.reject')}</Button>
                      {FindingEditor.edits(f) && !notActionableReason(f) && editing !== `${doc.id}/${f.id}` && (
                        <Button size="small" type="link" onClick={() => setEditing(`${doc.id}/${f.id}`)} data-testid="finding-edit">{t('reports.edit')}</Button>
                      )}
                    </div>
                    {editing === `${doc.id}/${f.id}` && <FindingEditor finding={f} onCancel={() => setEditing(null)} onSave={(edit) => decide(doc, f, 'accepted', edit)} />}
                  </div>
                )}
              />
            )}
          </Card>
        ))}
      </div>
      {shown && <SourceView doc={shown.doc} finding={shown.finding} onClose={() => setShown(null)} />}
    </div>
  );
}

/** The report page a finding was read from, with its line outlined. */
function SourceView({ doc, finding, onClose }: { doc: ReportDocument; finding: DocumentFinding; onClose: () => void }) {
  const { t } = useTranslation('trials');
  const [page, setPage] = useState<DocumentPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    documentsApi.page(doc.id, finding.source.page).then(setPage, () => setFailed(true));
  }, [doc.id, finding.source.page]);
  const box = finding.source.box;
  const pct = (v: number, of: number) => `${(100 * v) / of}%`;
  return (
    <Modal open onCancel={onClose} footer={null} width={760} title={`${doc.name} · ${t('reports.source', { page: finding.source.page })}`} data-testid="source-view">
      {failed && <Alert type="warning" title={t('reports.pageUnavailable')} />}
      {!page && !failed && <Spin />}
      {page && (
        <div style={{ position: 'relative', width: '100%' }}>
          <img src={page.image} alt={t('reports.pageAlt', { page: page.page })} style={{ width: '100%', display: 'block', border: '1px solid #f0f0f0' }} data-testid="source-page" />
          {box && (
            <div
              data-testid="source-highlight"
              style={{ position: 'absolute', left: pct(box.x - 2, page.width), top: pct(box.y - 2, page.height), width: pct(box.width + 4, page.width), height: pct(box.height + 4, page.height), border: '2px solid #fa8c16', background: 'rgba(250, 173, 20, 0.2)', borderRadius: 2 }}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
