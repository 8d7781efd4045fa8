import { z } from 'zod';
import type { Bundle, CodeableConcept, Coding, Reference, Resource } from '@medplum/fhirtypes';
import { badRequest } from '../../http/errors';

/**
 * The shape check of an uploaded bundle and the small accessors the readers share. Anything that is
 * not a FHIR Bundle of resources is refused as `fhir_invalid` with the path that failed; fields the
 * readers use are read defensively (a resource may be valid FHIR and still miss them).
 */

export const MAX_ENTRIES = 5000;

const ResourceShape = z.looseObject({ resourceType: z.string().regex(/^[A-Z][A-Za-z]{1,63}$/), id: z.string().max(64).optional() });
const BundleShape = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.string().max(40).optional(),
  entry: z.array(z.looseObject({ fullUrl: z.string().max(300).optional(), resource: ResourceShape })).min(1).max(MAX_ENTRIES),
});

export interface Entry {
  /** "Observation/abc", or the entry's fullUrl when the resource has no id. */
  ref: string;
  resource: Resource;
}

export interface ParsedBundle {
  entries: Entry[];
  /** A reference ("Patient/x", a fullUrl) -> the entry. */
  resolve(ref: Reference | undefined): Entry | undefined;
}

export function parseBundle(body: unknown): ParsedBundle {
  const r = BundleShape.safeParse(body);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw badRequest('fhir_invalid', [{ path: issue.path.join('.') || 'resourceType', code: issue.path.length ? 'fhir_value_invalid' : 'fhir_not_a_bundle' }]);
  }
  const bundle = r.data as unknown as Bundle;
  const byRef = new Map<string, Entry>();
  const entries = bundle.entry!.map((e, i) => {
    const resource = e.resource as Resource;
    const ref = resource.id ? `${resource.resourceType}/${resource.id}` : (e.fullUrl ?? `${resource.resourceType}#${i}`);
    const entry = { ref, resource };
    byRef.set(ref, entry);
    if (e.fullUrl) byRef.set(e.fullUrl, entry);
    return entry;
  });
  return {
    entries,
    resolve(ref) {
      const r = ref?.reference;
      if (!r) return undefined;
      // absolute references end in Type/id
      return byRef.get(r) ?? byRef.get(r.split('/').slice(-2).join('/'));
    },
  };
}

/** The codings of a concept, only those with a string code or display. */
export function codings(cc: CodeableConcept | undefined): Coding[] {
  return Array.isArray(cc?.coding) ? cc!.coding.filter((c) => c && (typeof c.code === 'string' || typeof c.display === 'string')) : [];
}

/** Every word a concept carries: its text and its codings' displays. */
export function textOf(cc: CodeableConcept | undefined): string {
  const parts = codings(cc).map((c) => c.display ?? '');
  if (typeof cc?.text === 'string') parts.unshift(cc.text);
  return parts.filter(Boolean).join(' | ');
}

export function hasCode(cc: CodeableConcept | undefined, system: string, codes: readonly string[]): boolean {
  return codings(cc).some((c) => c.system === system && typeof c.code === 'string' && codes.includes(c.code));
}

export function profilesOf(r: Resource): string[] {
  const p = r.meta?.profile;
  return Array.isArray(p) ? p.filter((x): x is string => typeof x === 'string') : [];
}

/** Whether the resource claims a profile whose URL ends with one of the names (any mCODE version). */
export const claims = (r: Resource, ...names: string[]) => profilesOf(r).some((p) => names.some((n) => p.endsWith(`/${n}`) || p.includes(`/${n}|`)));

/** A resource's clinical date (effective, performed, onset, authored), for choosing the latest. */
export function dateOf(r: Resource): string {
  const x = r as unknown as Record<string, unknown>;
  for (const k of ['effectiveDateTime', 'performedDateTime', 'onsetDateTime', 'authoredOn', 'issued', 'recordedDate']) if (typeof x[k] === 'string') return x[k] as string;
  for (const k of ['effectivePeriod', 'performedPeriod', 'onsetPeriod']) {
    const p = x[k] as { start?: unknown } | undefined;
    if (typeof p?.start === 'string') return p.start;
  }
  return '';
}

/** Latest first; equal dates keep their bundle order. */
export const byDateDesc = <T extends { resource: Resource }>(a: T, b: T) => dateOf(b.resource).localeCompare(dateOf(a.resource));
