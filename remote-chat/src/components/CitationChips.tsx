import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@oncodesk/shared/router';
import type { Citation } from '@oncodesk/shared/contracts';
import { citationTarget } from '../lib/citations';

/** The sources an answer rests on, each a chip that opens it (a trials page, or CIViC in a new tab). */
export function CitationChips({ citations, patientId }: { citations: Citation[]; patientId: string | null }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  if (!citations.length) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', marginTop: 6 }} aria-label={t('message.sources')}>
      {citations.map((c, i) => {
        const target = citationTarget(c, patientId);
        const open = () => {
          if (!target) return;
          if ('url' in target) window.open(target.url, '_blank', 'noopener,noreferrer');
          else void navigate(target.route);
        };
        return (
          <Tag
            key={`${c.kind}-${c.id}-${i}`}
            color="blue"
            data-testid="citation"
            data-kind={c.kind}
            role={target ? 'link' : undefined}
            tabIndex={target ? 0 : undefined}
            title={target ? t('message.openSource', { label: c.label }) : c.label}
            onClick={open}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), open())}
            style={{ cursor: target ? 'pointer' : 'default', maxWidth: '100%', whiteSpace: 'normal', marginInlineEnd: 0 }}
          >
            {/* the answer's [n] marks refer to the chips in this order */}
            <span style={{ fontWeight: 600, marginInlineEnd: 4 }}>[{i + 1}]</span>
            {c.label}
          </Tag>
        );
      })}
    </div>
  );
}
