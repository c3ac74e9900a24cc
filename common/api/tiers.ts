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
  /** The free trial every paid join of this tier starts with, in days; null for none (an offer's terms replace it). */
  trialDays: number | null;
}

export const listTiers = endpoint<undefined, undefined, { tiers: TierView[] }>('GET', '/api/tiers');

export interface TierBody {
  name?: string;
  description?: string;
  benefits?: string[];
  monthlyPrice?: number | null;
  yearlyPrice?: number | null;
  currency?: string;
  active?: boolean;
  trialDays?: number | null;
}

/** 201 with the new (paid) tier; 409 `payments-not-ready` for an active paid tier before Stripe is connected. */
export const createTier = endpoint<TierBody & { name: string }, undefined, { tier: TierView }>('POST', '/api/tiers');
/** 409 `free-tier-fixed` when pricing, archiving or giving a trial to the free tier; 409 `currency-fixed` once a tier has members. */
export const updateTier = endpoint<TierBody, undefined, { tier: TierView }>('PATCH', '/api/tiers/:id');
/** Every one of the creator's tier ids, in the new order. */
export const reorderTiers = endpoint<{ ids: string[] }, undefined, { tiers: TierView[] }>('POST', '/api/tiers/order');
