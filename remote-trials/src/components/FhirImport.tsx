import { useEffect, useRef, useState } from 'react';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, FhirImportResponse, SurveyQuestion } from '@oncodesk/shared/contracts';
import { patientsApi, surveyApi } from '@oncodesk/shared/api';
import { AppModal, toast } from '@oncodesk/shared/ui';
import { toastError } from '../lib/errors';

const show = (v: AnswerValue): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : Array.isArray(v) ? v.map((x) => (typeof x === 'object' ? ((x as { value?: string }).value ?? JSON.stringify(x)) : String(x))).join(', ') : JSON.stringify(v));

/** An answer as the survey shows it: option labels for choices, the value otherwise. */
const labelled = (v: AnswerValue, q: SurveyQuestion | undefined): string => {
  const option = (x: string) => q?.options?.find((o) => o.value === x)?.label ?? x;
  if (typeof v === 'string') return option(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return (v as string[]).map(option).join(', ');
  return show(v);
};

/**
 * "Import mCODE bundle": a FHIR R4 Bundle (JSON) from an EHR or another mCODE tool becomes a new folder;
 * the clinician then sees every answer read with the resource it came from, and what was left out and why.
 */
export function FhirImport({ onImported }: { onImported: (patientId: string) => void }) {
  const { t, i18n } = useTranslation('trials');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<FhirImportResponse | null>(null);
  const [questions, setQuestions] = useState<Map<string, SurveyQuestion>>(new Map());
  useEffect(() => {
    if (!result) return;
    surveyApi.questions(result.focusArea, i18n.language).then((q) => setQuestions(new Map(q.questions.map((x: SurveyQuestion) => [x.id, x]))), () => undefined);
  }, [result, i18n.language]);

  const read = async (file: File) => {
    setBusy(true);
    try {
      let bundle: unknown;
      try {
        bundle = JSON.parse(await file.text());
      } catch {
        toast.danger(t('fhir.notJson'));
        return;
      }
      setResult(await patientsApi.importFhir(bundle));
    } catch (e) {
      toastError(e);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input ref={input} type="file" accept=".json,application/json,application/fhir+json" hidden onChange={(e) => e.target.files?.[0] && void read(e.target.files[0])} data-testid="fhir-import-input" />
      <Button icon={<ImportOutlined />} loading={busy} onClick={() => input.current?.click()} data-testid="fhir-import">{t('fhir.import')}</Button>
      <AppModal
        open={!!result}
        title={t('fhir.importedTitle')}
        okText={t('fhir.open')}
        cancelText={t('common.cancel')}
        onCancel={() => setResult(null)}
        onOk={() => {
          const id = result!.patientId;
          setResult(null);
          onImported(id);
        }}
      >
        {result && (
          <div data-testid="fhir-import-result">
            <Typography.Paragraph>{t('fhir.importedText', { count: result.imported.length })}</Typography.Paragraph>
            <ul style={{ paddingLeft: 18, maxHeight: 320, overflow: 'auto' }}>
              {result.imported.map((a, i) => (
                <li key={i} data-testid="fhir-imported">
                  <Typography.Text strong>{questions.get(a.questionId)?.text ?? a.questionId}</Typography.Text>: {labelled(a.value, questions.get(a.questionId))}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('fhir.from', { resource: a.resource })}</Typography.Text>
                </li>
              ))}
            </ul>
            {result.skipped.length > 0 && (
              <>
                <Typography.Text type="secondary">{t('fhir.skipped', { count: result.skipped.length })}</Typography.Text>
                <ul style={{ paddingLeft: 18 }}>
                  {result.skipped.map((s, i) => (
                    <li key={i} data-testid="fhir-skipped">
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{s.detail ?? s.resource} <Tag>{t(`fhir.reason.${s.reason.split(':')[0]}`, { defaultValue: t('fhir.reason.other') })}</Tag></Typography.Text>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </AppModal>
    </>
  );
}

/** Downloads a folder as an mCODE bundle (FHIR R4 JSON). */
export async function downloadFhir(patientId: string, name: string): Promise<void> {
  const bundle = await patientsApi.exportFhir(patientId);
  const url = URL.createObjectURL(new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'patient'}.mcode.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
