import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { HeartFilled, HeartOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from '@oncodesk/shared/router';
import type { MatchedTrial } from '@oncodesk/shared';
import { badge, levelColor, phaseLabel, recruitingChip, verdictColor } from '../lib/format';
import { Folded } from './Folded';
import { CoverageLine } from './CoverageLine';
import { PurposeTag } from './PurposeTag';
import { NewSinceTag } from './TrialAlerts';
import { TrialSetBy } from './OverrideMark';

const SHOWN_CONDITIONS = 2;

/** One result: name, phase, status chips ("new since your last visit" first), level, nearest recruiting site, like, conditions (+N), summary. */
export function TrialCard({ item, onOpen, onLike, isNew = false }: { item: MatchedTrial; onOpen: () => void; onLike: (liked: boolean) => void; isNew?: boolean }) {
  const { t } = useTranslation('trials');
  const { trial, match, liked } = item;
  const recruiting = recruitingChip(trial.overallStatus);
  const hidden = trial.conditions.length - SHOWN_CONDITIONS;
  const navigate = useNavigate();
  const { patientId = '' } = useParams();
  const [params] = useSearchParams();
  const searchKey = params.get('search') ?? 'global';
  // the chat is another remote: reached by URL, with the trial and search it opens on
  const ask = () => navigate(`/chat?${new URLSearchParams({ patientId, trialId: trial.id, searchKey })}`);
  return (
    <Card size="small" data-testid="trial-card" data-trial-id={trial.id} style={{ marginBottom: 12 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        {/* the title takes the width; the "built title" note goes under it (beside it, it squeezed the title to a word per line at 375 px) */}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Link onClick={onOpen} strong data-testid="trial-title" style={{ fontSize: 15, overflowWrap: 'anywhere' }}>{trial.briefTitle}</Typography.Link>
          {trial.titleOrigin === 'derived' && (
            <div>
              <Tag style={{ marginTop: 4, whiteSpace: 'normal' }} data-testid="title-derived" title={t('detail.titleDerivedHelp')}>{t('detail.titleDerived')}</Tag>
            </div>
          )}
        </div>
        <Button
          type="text"
          aria-label={liked ? t('results.unlike') : t('results.like')}
          aria-pressed={liked}
          icon={liked ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
          onClick={() => onLike(!liked)}
          data-testid="trial-like"
        />
      </div>
      <Typography.Text type="secondary">{trial.nctId ?? trial.id} · {t('results.phase')} {phaseLabel(trial.phases)}</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, margin: '8px 0' }}>
        {isNew && <NewSinceTag />}
        <Tag color={verdictColor[match.verdict]} data-testid="chip-verdict">{t(`chips.${match.verdict}`)}</Tag>
        <Tag color={recruiting === 'recruiting' ? 'green' : recruiting === 'unknown' ? 'default' : 'orange'} data-testid="chip-recruiting">{t(`chips.${recruiting}`)}</Tag>
        <PurposeTag purpose={trial.primaryPurpose} origin={trial.purposeOrigin} />
        <Tag color={levelColor[match.level]} data-testid="chip-level">{t('results.level', { level: t(`levels.${match.level}`) })}</Tag>
        <TrialSetBy match={match} />
        {match.nearestSite && <Tag data-testid="chip-distance">{t('results.distance', { km: Math.round(match.nearestSite.distanceKm), site: match.nearestSite.name })}</Tag>}
      </div>
      {trial.conditions.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 8 }}>
          {/* a long condition wraps inside its tag instead of running off a phone's screen */}
          {trial.conditions.slice(0, SHOWN_CONDITIONS).map((c) => <Tag key={c} variant="filled" style={{ whiteSpace: 'normal', maxWidth: '100%', overflowWrap: 'anywhere' }}>{c}</Tag>)}
          {badge(hidden) && <Tag variant="filled" title={trial.conditions.slice(SHOWN_CONDITIONS).join(', ')} data-testid="conditions-badge">{badge(hidden)}</Tag>}
        </div>
      )}
      {trial.summary && <Folded text={trial.summary} testId="trial-summary" />}
      <CoverageLine match={match} />
      <Button type="link" size="small" icon={<MessageOutlined />} onClick={ask} title={t('ask.cardHelp')} style={{ paddingLeft: 0 }} data-testid="ask-trial-card">{t('ask.card')}</Button>
    </Card>
  );
}
