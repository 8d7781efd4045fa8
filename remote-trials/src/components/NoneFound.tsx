import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@oncodesk/shared/router';
import type { SearchLocation } from '@oncodesk/shared';
import { locationOfKey } from '@oncodesk/shared/contracts';

/** No trial in this area (or none open to enrolment: `title`): widen the search, go on without trials, or start another folder. */
export function NoneFound({ patientId, searchKey, onExpand, title }: { patientId: string; searchKey: string; onExpand: (l: SearchLocation) => void; title?: string }) {
  const { t } = useTranslation('trials');
  const navigate = useNavigate();
  const scope = locationOfKey(searchKey).scope;
  return (
    <Result
      status="info"
      title={title ?? t('none.title')}
      subTitle={t('none.text')}
      data-testid="none-found"
      extra={
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'center' }}>
          {scope === 'radius' && <Button onClick={() => onExpand({ scope: 'country' })} data-testid="expand-country">{t('none.country')}</Button>}
          {scope !== 'continent' && scope !== 'global' && <Button onClick={() => onExpand({ scope: 'continent' })} data-testid="expand-continent">{t('none.continent')}</Button>}
          {scope !== 'global' && <Button type="primary" onClick={() => onExpand({ scope: 'global' })} data-testid="expand-global">{t('none.global')}</Button>}
          <Button onClick={() => navigate(`/clinical-trials/${patientId}/recommendations`)} data-testid="continue-without">{t('none.continueWithout')}</Button>
          <Button onClick={() => navigate('/clinical-trials?new=1')} data-testid="none-new-folder">{t('none.newFolder')}</Button>
        </div>
      }
    />
  );
}
