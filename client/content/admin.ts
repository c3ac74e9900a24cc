/** The operator's admin page: what its switches say before they act and after (docs/decisions/149). */

export const MAINTENANCE = {
  label: (on: boolean | undefined) => `Maintenance: ${on === undefined ? '…' : on ? 'on' : 'off'}`,
  turnOn: {
    title: 'Turn on maintenance?',
    text: 'Every site shows the maintenance page to its readers until you turn it off, and the studio shows it to everyone, you included, at their next step. Turn it off here while this page is open, or with npm run cli -- maintenance off.',
    confirm: 'Turn on maintenance',
  },
  turnOff: {
    title: 'Turn off maintenance?',
    text: 'Every site opens again to its readers, and creators and members can sign in and use the studio.',
    confirm: 'Turn off maintenance',
  },
  on: 'Maintenance is on: only admins can use the platform.',
  off: 'Maintenance is off.',
} as const;

export const SUSPENSION = {
  suspend: 'Suspend',
  restore: 'Restore',
  suspendTitle: (title: string) => `Suspend ${title}?`,
  suspendText: 'Its pages, feeds, files, comments, messages and e-mail go off for everyone until you restore it. Nothing is deleted. Its creator sees the reason you give.',
  reason: 'Reason (shown to the creator)',
  suspendConfirm: 'Suspend site',
  restoreTitle: (title: string) => `Restore ${title}?`,
  restoreText: 'Its pages, feeds, files, comments, messages and e-mail come back on for everyone.',
  restoreConfirm: 'Restore site',
  suspended: (title: string) => `${title} is suspended: its pages, feeds, files, comments, messages and e-mail are off.`,
  restored: (title: string) => `${title} is restored.`,
} as const;
