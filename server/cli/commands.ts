/**
 * Parses an operator's command (before anything connects, so a typo is told as
 * such even with the database down) into a step that answers in plain sentences.
 */
import { describeRoles, isRoleName, ROLE_NAMES } from '../../common/roles.ts';
import type { AdminService } from '../admin/index.ts';

export const USAGE = `Usage: npm run cli -- <command>

  maintenance on|off|status [--url <server>]
                                switch the maintenance screen for every server; through the
                                server's admin API (ADMIN_EMAIL and ADMIN_PASSWORD of an admin
                                account) when --url is given or a server holds the embedded database
  user show <email>             show an account
  user disable <email> [reason] suspend an account and end its sessions
  user enable <email>           restore a suspended account
  user role <email> <role>      set an account's role: creator or member; admin adds the operator's
                                rights and keeps the role
  mail status                   count pending, failed, sent and cancelled e-mails; list the failed ones
  mail retry                    queue failed e-mails again
  backup [--out <file>]         one archive of the database and the media, taken while the server runs;
                                at <file>, or under $DATA_DIR/backups; through the server's admin API
                                (ADMIN_EMAIL, ADMIN_PASSWORD) when a server holds the embedded database
  restore <file>                check every checksum of an archive, then fill this empty instance from it`;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** The maintenance flag, switched in the database directly or through a running server's admin API. */
export interface MaintenanceSwitch {
  isOn(): Promise<boolean>;
  set(on: boolean): Promise<void>;
}

export type Command =
  | { needs: 'maintenance'; run: (maintenance: MaintenanceSwitch) => Promise<string>; url: URL | undefined }
  | { needs: 'database'; run: (admin: AdminService) => Promise<string> }
  /** `out`: the archive's path as the operator gave it; undefined: a new name under $DATA_DIR/backups. */
  | { needs: 'backup'; out: string | undefined }
  | { needs: 'restore'; file: string };

export function parseCommand(argv: readonly string[]): Command {
  const [group, action, ...rest] = argv;
  switch (`${group} ${action}`) {
    case 'maintenance on':
    case 'maintenance off':
      return {
        needs: 'maintenance',
        url: parseUrlOption(rest),
        run: async (maintenance) => {
          await maintenance.set(action === 'on');
          return `Maintenance is now ${action}. Every server follows within a second.`;
        },
      };
    case 'maintenance status':
      return { needs: 'maintenance', url: parseUrlOption(rest), run: async (maintenance) => `Maintenance is ${(await maintenance.isOn()) ? 'on' : 'off'}.` };
    case 'user show': {
      const email = requireEmail(rest);
      return onDatabase(async (admin) => describeUser(admin, email));
    }
    case 'user disable': {
      const email = requireEmail(rest);
      return onDatabase(async (admin) => {
        const { endedSessions } = await admin.setUserDisabled(email, true, rest.slice(1).join(' '));
        return `Disabled ${email.toLowerCase()}; ended ${endedSessions} session(s).`;
      });
    }
    case 'user enable': {
      const email = requireEmail(rest);
      return onDatabase(async (admin) => {
        await admin.setUserDisabled(email, false);
        return `Enabled ${email.toLowerCase()}.`;
      });
    }
    case 'user role': {
      const email = requireEmail(rest);
      const role = rest[1];
      if (!isRoleName(role)) {
        throw new UsageError(role === undefined ? `This command needs a role: ${ROLE_NAMES.join(', ')}.` : `"${role}" is not a role; the roles are ${ROLE_NAMES.join(', ')}.`);
      }
      return onDatabase(async (admin) => {
        const { previous, now } = await admin.setUserRole(email, role);
        return previous === now ? `${email.toLowerCase()} is already ${now}.` : `${email.toLowerCase()} is now ${now} (was ${previous}).`;
      });
    }
    case 'mail status':
      return onDatabase(describeMail);
    case 'mail retry':
      return onDatabase(async (admin) => `Queued ${await admin.retryFailedMail()} failed e-mail(s) again.`);
    default:
      if (group === 'backup') return { needs: 'backup', out: parseOutOption(argv.slice(1)) };
      if (group === 'restore') {
        if (argv.length !== 2 || !argv[1]) throw new UsageError('restore needs the archive\'s path, and nothing else: restore <file>');
        return { needs: 'restore', file: argv[1] };
      }
      throw new UsageError(`Unknown command: ${argv.join(' ')}`);
  }
}

const onDatabase = (run: (admin: AdminService) => Promise<string>): Command => ({ needs: 'database', run });

/** `--url <server>` or `--url=<server>`: the server whose admin API switches maintenance. */
function parseUrlOption(rest: readonly string[]): URL | undefined {
  if (rest.length === 0) return undefined;
  const [option = '', ...values] = rest;
  const joined = option.startsWith('--url=') && values.length === 0 ? option.slice('--url='.length) : undefined;
  const text = option === '--url' && values.length === 1 ? values[0] : joined;
  if (text === undefined) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`--url needs an http or https address, not "${text}".`);
  return url;
}

/** `--out <file>` or `--out=<file>`, or nothing. */
function parseOutOption(rest: readonly string[]): string | undefined {
  if (rest.length === 0) return undefined;
  const [option = '', ...values] = rest;
  const joined = option.startsWith('--out=') && values.length === 0 ? option.slice('--out='.length) : undefined;
  const file = option === '--out' && values.length === 1 ? values[0] : joined;
  if (!file) throw new UsageError(`Unexpected arguments: ${rest.join(' ')} (backup takes --out <file>)`);
  return file;
}

async function describeUser(admin: AdminService, email: string): Promise<string> {
  const user = await admin.findUser(email);
  const sessions = await admin.countSessions(user.id);
  const { suspended, suspensionReason } = user.suspensionInfo;
  return [
    `uid:        ${user.id}`,
    `email:      ${user.email} (${user.emailVerified ? 'verified' : 'not verified'})`,
    `name:       ${user.fullName}`,
    `niche:      ${user.niche || '-'}`,
    `role/tier:  ${describeRoles(user)} / ${user.accountTier}`,
    `status:     ${suspended ? `disabled${suspensionReason ? ` (${suspensionReason})` : ''}` : 'active'}`,
    `sign-in:    ${user.passwordHash ? 'password' : 'Google only'}`,
    `sessions:   ${sessions}`,
    `created:    ${user.createdAt.toISOString()}`,
    `last login: ${user.lastLogin.toISOString()}`,
  ].join('\n');
}

async function describeMail(admin: AdminService): Promise<string> {
  const report = await admin.mailStatus();
  const oldest = report.oldestPendingAt ? ` (oldest queued ${report.oldestPendingAt.toISOString()})` : '';
  const failed = report.failedMail.map((mail) => `  #${mail.id} to ${mail.recipient} "${mail.subject}" after ${mail.attempts} attempt(s): ${mail.lastError ?? 'no error recorded'}`);
  const more = report.failed > failed.length ? [`  ... and ${report.failed - failed.length} more`] : [];
  const retryHint = report.failed > 0 ? ['`mail retry` queues the failed ones again.'] : [];
  return [`pending: ${report.pending}${oldest}`, `failed:  ${report.failed}`, ...failed, ...more, `sent:    ${report.sent}`, `cancelled: ${report.cancelled}`, ...retryHint].join('\n');
}

function requireEmail(rest: readonly string[]): string {
  const email = rest[0];
  if (!email) throw new UsageError('This command needs an e-mail address.');
  return email;
}
