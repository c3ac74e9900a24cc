/** Parses an operator's command and answers in plain sentences. */
import type { AdminService } from '../admin/admin-service.ts';

export const USAGE = `Usage: npm run cli -- <command>

  maintenance on|off|status     switch the maintenance screen for every server
  user show <email>             show an account
  user disable <email> [reason] suspend an account and end its sessions
  user enable <email>           restore a suspended account
  mail status                   count pending, failed and sent e-mails
  mail retry                    queue failed e-mails again`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export async function runCommand(admin: AdminService, argv: readonly string[]): Promise<string> {
  const [group, action, ...rest] = argv;
  switch (`${group} ${action}`) {
    case 'maintenance on':
    case 'maintenance off':
      await admin.setMaintenance(action === 'on');
      return `Maintenance is now ${action}. Every server follows within a second.`;
    case 'maintenance status':
      return `Maintenance is ${(await admin.getMaintenance()) ? 'on' : 'off'}.`;
    case 'user show': {
      const user = await admin.findUser(requireEmail(rest));
      const sessions = await admin.countSessions(user.id);
      return [
        `uid:        ${user.id}`,
        `email:      ${user.email} (${user.emailVerified ? 'verified' : 'not verified'})`,
        `name:       ${user.fullName}`,
        `niche:      ${user.niche || '-'}`,
        `role/tier:  ${user.role} / ${user.accountTier}`,
        `status:     ${user.suspensionInfo.suspended ? `disabled${user.suspensionInfo.suspensionReason ? ` (${user.suspensionInfo.suspensionReason})` : ''}` : 'active'}`,
        `sign-in:    ${user.passwordHash ? 'password' : 'Google only'}`,
        `sessions:   ${sessions}`,
        `created:    ${user.createdAt.toISOString()}`,
        `last login: ${user.lastLogin.toISOString()}`,
      ].join('\n');
    }
    case 'user disable': {
      const email = requireEmail(rest);
      const { endedSessions } = await admin.setUserDisabled(email, true, rest.slice(1).join(' '));
      return `Disabled ${email.toLowerCase()}; ended ${endedSessions} session(s).`;
    }
    case 'user enable': {
      const email = requireEmail(rest);
      await admin.setUserDisabled(email, false);
      return `Enabled ${email.toLowerCase()}.`;
    }
    case 'mail status': {
      const report = await admin.mailStatus();
      const oldest = report.oldestPendingAt ? ` (oldest queued ${report.oldestPendingAt.toISOString()})` : '';
      return `pending: ${report.pending}${oldest}\nfailed:  ${report.failed}\nsent:    ${report.sent}`;
    }
    case 'mail retry':
      return `Queued ${await admin.retryFailedMail()} failed e-mail(s) again.`;
    default:
      throw new UsageError(`Unknown command: ${argv.join(' ')}`);
  }
}

function requireEmail(rest: readonly string[]): string {
  const email = rest[0];
  if (!email) throw new UsageError('This command needs an e-mail address.');
  return email;
}
