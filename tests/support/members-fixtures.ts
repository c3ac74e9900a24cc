/**
 * Members seeded straight into the tables (joining is tested on its own): a
 * site's free and paid tiers, then member users and their memberships in
 * bulk, with a spread of statuses, sources, dates and values that each filter
 * and sort of /subscribers can be checked against.
 */
import type { Database } from '../../db/connect.ts';
import { memberships, tiers } from '../../db/content-schema.ts';
import { users } from '../../db/schema.ts';
import type { MembershipSource, MembershipStatus } from '../../common/memberships.ts';

export interface SiteTiers {
  free: typeof tiers.$inferSelect;
  gold: typeof tiers.$inferSelect;
}

export async function insertTiers(db: Database, siteId: string): Promise<SiteTiers> {
  const [free] = await db.insert(tiers).values({ siteId, name: 'Free', type: 'free', position: 0 }).returning();
  const [gold] = await db
    .insert(tiers)
    .values({ siteId, name: 'Gold', type: 'paid', monthlyPrice: 500, yearlyPrice: 5000, currency: 'usd', position: 1, stripeMonthlyPriceId: `price_gold_m_${siteId.slice(0, 8)}`, stripeYearlyPriceId: `price_gold_y_${siteId.slice(0, 8)}` })
    .returning();
  return { free: free!, gold: gold! };
}

export interface SeededMember {
  id: string;
  userId: string;
  name: string;
  email: string;
  status: MembershipStatus;
  source: MembershipSource;
  tierId: string;
  createdAt: Date;
  lifetimeValue: number;
  currentPeriodEnd: Date | null;
}

/** Member `i` of `count`: every 5th pays, every 7th is comped, every 11th ended, every 13th past due; the rest are free. */
function shapeOf(index: number): { status: MembershipStatus; source: MembershipSource; paid: boolean } {
  if (index % 11 === 0) return { status: 'canceled', source: 'free', paid: false };
  if (index % 13 === 0) return { status: 'past_due', source: 'stripe', paid: true };
  if (index % 7 === 0) return { status: 'comped', source: 'comp', paid: true };
  if (index % 5 === 0) return { status: 'active', source: 'stripe', paid: true };
  return { status: 'active', source: index % 3 === 0 ? 'import' : 'free', paid: false };
}

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth', 'Margaret Hamilton', 'Ken Thompson'];

export async function seedMembers(db: Database, siteId: string, siteTiers: SiteTiers, count: number, label = 'm'): Promise<SeededMember[]> {
  const seeded: SeededMember[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let index = 1; index <= count; index++) {
    const shape = shapeOf(index);
    const userId = `${label}${siteId.slice(0, 6)}${String(index).padStart(6, '0')}`;
    const name = `${NAMES[index % NAMES.length]} ${index}`;
    seeded.push({
      id: crypto.randomUUID(),
      userId,
      name,
      email: `${label}.member${index}@${siteId.slice(0, 8)}.example`,
      status: shape.status,
      source: shape.source,
      tierId: shape.paid ? siteTiers.gold.id : siteTiers.free.id,
      // One hour apart, so `joined` orders them exactly.
      createdAt: new Date(start + index * 3600_000),
      lifetimeValue: shape.source === 'stripe' ? (index % 17) * 500 : 0,
      currentPeriodEnd: shape.source === 'stripe' ? new Date(start + 400 * 86400_000 + (index % 29) * 86400_000) : null,
    });
  }
  for (let offset = 0; offset < seeded.length; offset += 1000) {
    const slice = seeded.slice(offset, offset + 1000);
    await db.insert(users).values(
      slice.map((member) => ({ id: member.userId, email: member.email, fullName: member.name, displayName: member.name, username: member.userId.slice(0, 6), niche: '', role: 'member' as const })),
    );
    await db.insert(memberships).values(
      slice.map((member) => ({
        id: member.id,
        siteId,
        userId: member.userId,
        tierId: member.tierId,
        status: member.status,
        source: member.source,
        cadence: member.source === 'stripe' ? ('month' as const) : null,
        amount: member.source === 'stripe' ? 500 : null,
        currency: member.source === 'stripe' ? 'usd' : null,
        currentPeriodEnd: member.currentPeriodEnd,
        stripeCustomerId: member.source === 'stripe' ? `cus_seed_${member.userId}` : null,
        stripeSubscriptionId: member.source === 'stripe' ? `sub_seed_${member.userId}` : null,
        lifetimeValue: member.lifetimeValue,
        endedAt: member.status === 'canceled' ? new Date(member.createdAt.getTime() + 86400_000) : null,
        createdAt: member.createdAt,
      })),
    );
  }
  return seeded;
}
