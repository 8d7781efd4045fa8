import { LabEntry, type LabValue, type SurveyErrorCode } from '@oncodesk/shared/contracts';
import { convertLab, LAB_BY_KEY, toUcum } from '../vocab/labUnits';

/**
 * The `labs` answer: laboratory values the clinician typed or accepted from a report. Each entry names a
 * known analyte in one of the units it takes (stored as its UCUM code, so "K/uL" and "x10E3/uL" are one
 * unit), with a value a human could have: a misplaced decimal or a wrong unit is refused, not compared.
 */
export function validateLabs(value: unknown): { ok: true; value: LabEntry[] } | { ok: false; code: SurveyErrorCode } {
  if (!Array.isArray(value)) return { ok: false, code: 'invalid_type' };
  const out: LabEntry[] = [];
  for (const raw of value) {
    // a row whose value was not typed yet asks for the number, not for another kind of answer
    if (raw && typeof raw === 'object' && typeof (raw as { value?: unknown }).value !== 'number') return { ok: false, code: 'not_a_number' };
    const parsed = LabEntry.safeParse(raw);
    if (!parsed.success) return { ok: false, code: parsed.error.issues.some((i) => i.message === 'invalid_date') ? 'invalid_date' : 'invalid_type' };
    const e = parsed.data;
    const a = LAB_BY_KEY.get(e.analyte);
    if (!a) return { ok: false, code: 'unknown_analyte' };
    if (out.some((x) => x.analyte === e.analyte)) return { ok: false, code: 'duplicate_item' };
    const unit = toUcum(e.unit);
    if (unit === undefined || !a.units.includes(unit)) return { ok: false, code: 'unit_invalid' };
    if (!Number.isFinite(e.value)) return { ok: false, code: 'not_a_number' };
    const inRecorded = convertLab(a.key, e.value, unit, a.unit);
    if (inRecorded === undefined || inRecorded < a.plausible[0] || inRecorded > a.plausible[1]) return { ok: false, code: 'implausible_value' };
    if (e.uln !== undefined && (!Number.isFinite(e.uln) || e.uln <= 0)) return { ok: false, code: 'below_min' };
    if (e.date && e.date > new Date().toISOString().slice(0, 10)) return { ok: false, code: 'date_in_future' };
    out.push({ analyte: a.key, value: e.value, unit, ...(e.uln !== undefined ? { uln: e.uln } : {}), ...(e.date ? { date: e.date } : {}) });
  }
  return { ok: true, value: out };
}

/** The labs answer as the matcher's lab values (units stay as entered; the matcher converts per criterion). */
export function labsOf(entries: LabEntry[]): LabValue[] {
  return entries.map((e) => ({ analyte: e.analyte, value: e.value, unit: e.unit, ...(e.uln !== undefined ? { uln: e.uln } : {}) }));
}
