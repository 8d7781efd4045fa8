import type { CriterionSpec } from '@oncodesk/shared/contracts';
import type { Polarity } from './text';

export interface DetectCtx {
  section: Polarity;
  /** The item begins with a negation ("No prior ..."). */
  negated: boolean;
  /** An exclusion item written "No X": X excludes (its "No" restates the heading, see restatesExclusion). */
  restated?: boolean;
  /** The item only permits something ("... are eligible"). */
  permissive: boolean;
  heading?: string;
}

export interface Detected {
  spec: CriterionSpec;
  confidence: number;
  /** Fixed polarity regardless of section (e.g. pregnancy is always an exclusion condition). */
  polarity?: Polarity;
  /** Invert the item's polarity (the detector read a negation itself, e.g. "HIV negative"). */
  flip?: boolean;
  /** The detector already accounted for the item's leading negation. */
  ownsNegation?: boolean;
}

export type Detector = (s: string, ctx: DetectCtx) => Detected[];
