/**
 * The creator's tiers (DESIGN.md "HTTP API added"): prices in minor units with
 * their currency; every site has one free tier, which cannot be archived.
 * Built by the tiers work; read by the post editor (a `tiers` post's picker).
 */
import type { TierType } from '../memberships.ts';
import { endpoint } from './endpoint.ts';

export interface TierView {
  id: string;
  name: string;
  description: string;
  benefits: string[];
  type: TierType;
  /** Minor units; null on the free tier. */
  monthlyPrice: number | null;
  yearlyPrice: number | null;
  currency: string;
  /** False once archived: no new members join it; its members keep it. */
  active: boolean;
  position: number;
}

export const listTiers = endpoint<undefined, undefined, { tiers: TierView[] }>('GET', '/api/tiers');
