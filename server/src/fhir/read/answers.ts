import type { AnswerValue, FhirImportedAnswer, FhirSkipped, FocusArea } from '@oncodesk/shared/contracts';
import type { SurveyService } from '../../survey/service';
import type { Proposal } from './collect';

export interface CheckedAnswers {
  answers: Record<string, AnswerValue>;
  imported: FhirImportedAnswer[];
  skipped: FhirSkipped[];
}

const valueOf = (r: { ok: true; value: AnswerValue | null }) => r.value;

/**
 * Proposals through the survey's own validation: the first candidate that validates is kept, the rest
 * is skipped with the survey's error code. Multi-answers are checked item by item (one unknown drug
 * does not lose the others), then as a whole. Answers the resulting form hides (sites when not
 * metastatic, ...) are dropped as the form would drop them.
 */
export function checkAnswers(survey: SurveyService, focusArea: FocusArea, proposals: Proposal[]): CheckedAnswers {
  const answers: Record<string, AnswerValue> = {};
  const imported: FhirImportedAnswer[] = [];
  const skipped: FhirSkipped[] = [];
  const skip = (p: Proposal, reason: string) => skipped.push({ resource: p.resource, reason, ...(p.detail ? { detail: p.detail.slice(0, 300) } : {}) });

  for (const p of proposals) {
    const tries = [p.value, ...(p.alternatives ?? [])];
    let error = 'invalid_answer';
    let value: AnswerValue | null = null;
    for (const t of tries) {
      const r = survey.validateAnswer(p.questionId, p.item ? [t] : t, { focusArea });
      if (r.ok) {
        value = valueOf(r);
        break;
      }
      if (t === p.value) error = r.errors[0].code;
    }
    if (value === null) {
      skip(p, error);
      continue;
    }
    if (!p.item) {
      if (p.questionId in answers) skip(p, 'superseded');
      else {
        answers[p.questionId] = value;
        imported.push({ questionId: p.questionId, value, resource: p.resource });
      }
      continue;
    }
    const item = (value as string[])[0];
    const list = (answers[p.questionId] as string[] | undefined) ?? [];
    const same = imported.find((i) => i.questionId === p.questionId && typeof i.value === 'string' && i.value.toUpperCase() === item.toUpperCase());
    if (same) {
      // the same treatment or site from another resource: one item, every source kept
      same.resources = [...(same.resources ?? [same.resource]), p.resource];
      continue;
    }
    answers[p.questionId] = [...list, item];
    imported.push({ questionId: p.questionId, value: item, resource: p.resource });
  }

  // the whole list must validate too (number of items)
  for (const [q, v] of Object.entries(answers)) {
    if (!Array.isArray(v)) continue;
    const r = survey.validateAnswer(q, v, { focusArea });
    if (r.ok) continue;
    delete answers[q];
    for (const i of imported.filter((x) => x.questionId === q)) skipped.push({ resource: i.resource, reason: r.errors[0].code });
  }
  const cleared = new Set(survey.processActions(focusArea, answers).cleared);
  for (const q of cleared) delete answers[q];
  const kept = imported.filter((i) => {
    if (!(i.questionId in answers)) {
      if (cleared.has(i.questionId)) skipped.push({ resource: i.resource, reason: 'hidden_by_answers' });
      return false;
    }
    return true;
  });
  return { answers, imported: kept, skipped };
}
