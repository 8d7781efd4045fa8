import { z } from 'zod';
import { safeText } from './text';

import { languages } from './languages';
import { Credits } from './plans';

export { languages };
export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const User = z.object({
  id: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  nickname: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  walletAddress: z.string().nullable(),
  avatarColor: z.string().nullable(),
  language: Language,
  acceptedClinicalTrialsDisclaimer: z.boolean(),
  isDemo: z.boolean(),
  /** The plan and its credits this period (searches left, allowance, renewal date). */
  plan: Credits.extend({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/** Properties a client may set with PATCH /user. */
export const userPatchPaths = ['/nickname', '/username', '/firstName', '/lastName', '/avatarColor', '/language', '/acceptedClinicalTrialsDisclaimer'] as const;

const text = (max: number) => safeText(max).nullable();

export const UserPatchOp = z.discriminatedUnion('path', [
  z.object({ op: z.literal('add'), path: z.literal('/nickname'), value: text(60) }),
  z.object({ op: z.literal('add'), path: z.literal('/username'), value: z.string().trim().regex(/^[A-Za-z0-9_.-]{3,30}$/, { error: 'username_invalid' }).nullable() }),
  z.object({ op: z.literal('add'), path: z.literal('/firstName'), value: text(60) }),
  z.object({ op: z.literal('add'), path: z.literal('/lastName'), value: text(60) }),
  z.object({ op: z.literal('add'), path: z.literal('/avatarColor'), value: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'color_invalid' }).nullable() }),
  z.object({ op: z.literal('add'), path: z.literal('/language'), value: Language }),
  z.object({ op: z.literal('add'), path: z.literal('/acceptedClinicalTrialsDisclaimer'), value: z.boolean() }),
]);
export type UserPatchOp = z.infer<typeof UserPatchOp>;

export const UserPatchRequest = z.array(UserPatchOp).min(1).max(20);
export type UserPatchRequest = z.infer<typeof UserPatchRequest>;
