import { useEffect, useState } from 'react';
import { useNavigate, useParams } from '@oncodesk/shared/router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { ExperimentOutlined, ExportOutlined, FileSearchOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { downloadFhir } from '../components/FhirImport';
import { FreeTextStart } from '../components/FreeTextStart';
import { toastError } from '../lib/errors';
import { useTranslation } from 'react-i18next';
import { type PatientFolder } from '@oncodesk/shared';
import { patientsApi } from '@oncodesk/shared/api';

/** After picking a folder: match clinical trials, or treatment options from the guideline pack. */
export default function ChoicePage() {
  const { t } = useTranslation('trials');
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const [folder, setFolder] = useState<PatientFolder | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    patientsApi.get(patientId).then(setFolder, () => setMissing(true));
  }, [patientId]);

  if (missing) return <Result status="404" title={t('errors.folderMissing')} extra={<Button onClick={() => navigate('/clinical-trials')}>{t('common.backToFolders')}</Button>} />;
  if (!folder) return <Spin />;
  const card = (testId: string, icon: React.ReactNode, title: string, text: string, onClick: () => void) => (
    <Card hoverable onClick={onClick} data-testid={testId} style={{ flex: '1 1 260px' }}>
      <Typography.Title level={4}>{icon} {title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
    </Card>
  );
  return (
    <div className="od-trials" data-testid="choice-page">
      <Typography.Title level={3}>{folder.name}</Typography.Title>
      <Typography.Paragraph type="secondary">{t(`focus.${folder.focusArea}`)}</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {card('choice-trials', <ExperimentOutlined />, t('choice.trials'), t('choice.trialsText'), () => navigate(`/clinical-trials/${patientId}/survey`))}
        {card('choice-recommendations', <MedicineBoxOutlined />, t('choice.recommendations'), t('choice.recommendationsText'), () => navigate(`/clinical-trials/${patientId}/recommendations`))}
        {card('choice-reports', <FileSearchOutlined />, t('choice.reports'), t('choice.reportsText'), () => navigate(`/clinical-trials/${patientId}/reports`))}
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 16, flexWrap: 'wrap' }}>
        <Button icon={<ExportOutlined />} onClick={() => downloadFhir(patientId, folder.name).catch(toastError)} data-testid="choice-export-fhir">{t('fhir.export')}</Button>
      </div>
      <FreeTextStart patientId={patientId} focusArea={folder.focusArea} />
      {folder.searches.length > 0 && (
        <Button style={{ marginTop: 16 }} onClick={() => navigate(`/clinical-trials/${patientId}/results?search=${encodeURIComponent(folder.searches[0])}`)} data-testid="choice-last-results">
          {t('choice.lastResults')}
        </Button>
      )}
    </div>
  );
}

