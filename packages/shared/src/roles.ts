import { DEFAULT_GATE_TIER, TIER, type TierNumber } from './tiers';

/** Roles a user can hold (spec part 1 §3, part 2 §3). */
export const ROLES = ['admin', 'contact', 'client', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

/** The facts about a signed-in user that every access rule reads. */
export interface Viewer {
  role: string;
  coOwner: boolean;
  isSuperuser: boolean;
  tier: TierNumber;
}

export function isAdminRole(viewer: Pick<Viewer, 'role'>): boolean {
  return viewer.role === 'admin';
}

export function isContactRole(viewer: Pick<Viewer, 'role'>): boolean {
  return viewer.role === 'contact';
}

/** The Owner role bypasses tier gates (spec part 1 §5, §6). */
export function passesTierGate(viewer: Viewer, required: number = DEFAULT_GATE_TIER): boolean {
  return viewer.role === 'Owner' || viewer.tier >= required;
}

/** Users who manage an account: not admin, not a plain contact (a co-owner contact counts). */
export function managesAccount(viewer: Viewer): boolean {
  if (isAdminRole(viewer)) return false;
  return !isContactRole(viewer) || viewer.coOwner;
}

export function isTier4(viewer: Viewer): boolean {
  return viewer.isSuperuser || viewer.tier === TIER.superuser;
}
