/**
 * One member per address, whatever the reader: an export may list an address twice (a spreadsheet
 * edited by hand, Mailchimp's lists put together). The first row wins and each later one is a
 * problem naming both lines; a row with no address at all is a problem here, while an address that
 * is merely malformed goes on to the planner, which refuses it in the same words for every source.
 */
import type { ImportProblem } from '../../../common/api/imports.ts';
import type { SourceMember } from './source-bundle.ts';

export interface UniqueMembers {
  members: SourceMember[];
  /** Adds the member unless its address is empty or already in; the address is trimmed and lowercased. */
  add(member: SourceMember): void;
  find(email: string): SourceMember | undefined;
}

export function uniqueMembers(problems: ImportProblem[]): UniqueMembers {
  const byEmail = new Map<string, SourceMember>();
  return {
    members: [] as SourceMember[],
    add(member) {
      const email = member.email.trim().toLowerCase();
      if (!email) {
        problems.push({ where: member.where, message: 'This row has no e-mail address; it is left out.' });
        return;
      }
      const first = byEmail.get(email);
      if (first) {
        problems.push({ where: member.where, message: `${email} is already on ${first.where}; only the first is kept.` });
        return;
      }
      const kept = { ...member, email };
      byEmail.set(email, kept);
      this.members.push(kept);
    },
    find: (email) => byEmail.get(email.trim().toLowerCase()),
  };
}
