/**
 * CSV import of members (docs/decisions/056): the file is parsed by
 * csv-parse, each row checked, and every row it would refuse reported with its
 * line and reason (plan-import.ts). A dry run stops there; the real run writes
 * the rest in one transaction (write-import.ts), so a failure leaves nothing
 * half-imported and a second run finds them all members already. New accounts
 * are members with no password: sign-in refuses them until they set one
 * through "Forgot password", which also verifies the address.
 */
import type { ImportMapping, ImportReport } from '../../common/api/members.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../clock.ts';
import type { StripeForSite } from '../payments/index.ts';
import type { Site } from '../sites/index.ts';
import { planImport } from './plan-import.ts';
import { writeImport } from './write-import.ts';

export interface ImportDeps {
  db: Database;
  clock: Clock;
  stripeForSite: StripeForSite;
}

export function createMembersImport(deps: ImportDeps) {
  return {
    async run(site: Site, input: { csv: string; mapping: ImportMapping; dryRun: boolean }): Promise<ImportReport> {
      const { rows, refused, accepted } = await planImport(deps, site, input.csv, input.mapping);
      const linked = accepted.filter((member) => member.stripe).length;
      if (input.dryRun) return { dryRun: true, rows, create: accepted.length, linked, refused };
      const created = await writeImport(deps, site, accepted);
      return { dryRun: false, rows, create: created, linked, refused };
    },
  };
}

export type MembersImport = ReturnType<typeof createMembersImport>;
