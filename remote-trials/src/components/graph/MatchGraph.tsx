import { useEffect, useMemo } from 'react';
import { Background, ReactFlow, type Edge, type Node } from '@xyflow/react';
import baseCss from '@xyflow/react/dist/base.css';
import { useTranslation } from 'react-i18next';
import type { PatientData, TrialMatchResult } from '@oncodesk/shared';
import { injectStyles } from '@oncodesk/shared/ui';
import { STATUS_COLORS, groupsOf, type GroupKey } from './groups';

function injectBaseStyles() {
  if (typeof baseCss === 'string') injectStyles('od-xyflow-base', baseCss);
}

/**
 * The patient in the middle, the criteria groups on a circle around it, each coloured by its status.
 * Read-only canvas (pan/zoom); picking a group is done by clicking its node or its entry in the legend.
 */
export function MatchGraph({ match, patient, selected, onSelect, compact }: { match: TrialMatchResult; patient?: PatientData; selected?: GroupKey; onSelect: (g: GroupKey) => void; compact?: boolean }) {
  const { t } = useTranslation('trials');
  useEffect(injectBaseStyles, []);
  const groups = useMemo(() => groupsOf(match, patient), [match, patient]);

  const { nodes, edges } = useMemo(() => {
    const r = 300;
    const w = compact ? 112 : 150;
    const nodes: Node[] = [
      {
        id: 'patient',
        position: { x: compact ? -45 : -w / 2, y: -24 },
        data: { label: <strong>{t('graph.patient')}</strong> },
        style: { width: compact ? 90 : w, background: '#1677ff', color: '#fff', border: 'none', borderRadius: 24, textAlign: 'center' },
        draggable: false,
        selectable: false,
      },
    ];
    const edges: Edge[] = [];
    // Phones: two columns beside the patient (a ring would be scaled down until unreadable at 375px).
    const half = Math.ceil(groups.length / 2);
    const place = (i: number) => {
      if (compact) {
        const left = i < half;
        const row = left ? i : i - half;
        return { x: left ? -w - 70 : 70, y: row * 76 - (half * 76) / 2 };
      }
      const a = (2 * Math.PI * i) / groups.length - Math.PI / 2;
      return { x: Math.cos(a) * r - w / 2, y: Math.sin(a) * r - 24 };
    };
    groups.forEach((g, i) => {
      const color = STATUS_COLORS[g.status];
      nodes.push({
        id: g.key,
        position: place(i),
        data: {
          label: (
            <div data-testid={`graph-node-${g.key}`} data-status={g.status}>
              <div style={{ fontWeight: 600 }}>{t(`graph.groups.${g.key}`)}</div>
              <div style={{ fontSize: 11 }}>{t(`graph.status.${g.status}`)}{g.criteria.length ? ` · ${g.criteria.length}` : ''}</div>
            </div>
          ),
        },
        style: { width: w, border: `${selected === g.key ? 4 : 2}px solid ${color}`, background: `${color}14`, borderRadius: 8, fontSize: 12, padding: 6, cursor: 'pointer' },
        draggable: false,
      });
      edges.push({ id: `e-${g.key}`, source: 'patient', target: g.key, style: { stroke: color, strokeWidth: 2 }, animated: g.status === 'unknown' });
    });
    return { nodes, edges };
  }, [groups, selected, compact, t]);

  return (
    <div style={{ width: '100%', height: compact ? 640 : 560, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid="match-graph" role="img" aria-label={t('graph.aria')}>
      <ReactFlow nodes={nodes} edges={edges} fitView onNodeClick={(_, n) => n.id !== 'patient' && onSelect(n.id as GroupKey)} nodesConnectable={false} minZoom={0.2}>
        <Background />
      </ReactFlow>
    </div>
  );
}
