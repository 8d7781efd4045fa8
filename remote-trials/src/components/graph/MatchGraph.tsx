import { useEffect, useMemo } from 'react';
import { Background, ReactFlow, type Edge, type Node } from '@xyflow/react';
import baseCss from '@xyflow/react/dist/base.css';
import { useTranslation } from 'react-i18next';
import type { PatientData, TrialMatchResult } from '@oncodesk/shared';
import { injectStyles } from '@oncodesk/shared/ui';
import { STATUS_COLORS, groupsOf, type GroupKey } from './groups';
import { layoutGraph } from './layout';

const CLAMP_TWO_LINES = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;

function injectBaseStyles() {
  if (typeof baseCss === 'string') injectStyles('od-xyflow-base', baseCss);
}

/**
 * The patient in the middle, the criteria groups on a circle around it (on phones: two columns under it),
 * each coloured by its status; positions from layout.ts, so nodes never overlap.
 * Read-only canvas (pan/zoom); picking a group is done by clicking its node or its entry in the legend.
 */
export function MatchGraph({ match, patient, selected, onSelect, compact }: { match: TrialMatchResult; patient?: PatientData; selected?: GroupKey; onSelect: (g: GroupKey) => void; compact?: boolean }) {
  const { t } = useTranslation('trials');
  useEffect(injectBaseStyles, []);
  const groups = useMemo(() => groupsOf(match, patient), [match, patient]);

  const { nodes, edges } = useMemo(() => {
    const layout = layoutGraph(groups.length, !!compact);
    const { patient: p } = layout;
    const nodes: Node[] = [
      {
        id: 'patient',
        position: { x: p.x, y: p.y },
        data: { label: <strong>{t('graph.patient')}</strong> },
        style: { width: p.width, height: p.height, boxSizing: 'border-box', background: '#1677ff', color: '#fff', border: 'none', borderRadius: 24, textAlign: 'center' },
        draggable: false,
        selectable: false,
      },
    ];
    const edges: Edge[] = [];
    groups.forEach((g, i) => {
      const color = STATUS_COLORS[g.status];
      nodes.push({
        id: g.key,
        position: { x: layout.groups[i].x, y: layout.groups[i].y },
        data: {
          label: (
            <div data-testid={`graph-node-${g.key}`} data-status={g.status}>
              <div style={{ fontWeight: 600, ...CLAMP_TWO_LINES }}>{t(`graph.groups.${g.key}`)}</div>
              <div style={{ fontSize: 11 }}>{t(`graph.status.${g.status}`)}{g.criteria.length ? ` · ${g.criteria.length}` : ''}</div>
              {g.criteria.some((c) => c.overridden) && (
                <div style={{ fontSize: 10, color: '#722ed1', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="graph-node-set-by">
                  ✎ {t('graph.overridden')}
                </div>
              )}
            </div>
          ),
        },
        // a fixed size (the layout's) so no node grows into its neighbour; the border stays inside it; the tint
        // over white, not see-through: on a phone's columns the edges to lower nodes pass behind upper ones
        style: { width: layout.groups[i].width, height: layout.groups[i].height, boxSizing: 'border-box', overflow: 'hidden', border: `${selected === g.key ? 4 : 2}px solid ${color}`, background: `linear-gradient(${color}14, ${color}14), #fff`, borderRadius: 8, fontSize: 12, padding: 6, cursor: 'pointer' },
        draggable: false,
      });
      edges.push({ id: `e-${g.key}`, source: 'patient', target: g.key, style: { stroke: color, strokeWidth: 2 }, animated: g.status === 'unknown' });
    });
    return { nodes, edges };
  }, [groups, selected, compact, t]);

  return (
    <div style={{ width: '100%', height: compact ? 860 : 560, border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid="match-graph" role="img" aria-label={t('graph.aria')}>
      <ReactFlow nodes={nodes} edges={edges} fitView onNodeClick={(_, n) => n.id !== 'patient' && onSelect(n.id as GroupKey)} nodesConnectable={false} minZoom={0.2}>
        <Background />
      </ReactFlow>
    </div>
  );
}
