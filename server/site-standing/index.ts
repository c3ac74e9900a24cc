/** The site-standing room's public surface: is this site suspended, asked by every channel (site-standing.ts). */
export { isSiteSuspended, refuseIfSuspended, siteIsOpen, siteIsSuspendedColumn, suspensionOf, type Suspension } from './site-standing.ts';
export { sendSuspendedPage } from './suspended-page.ts';
