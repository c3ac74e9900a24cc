/** E-mail to members over HTTP: the studio's calls on a post, and the unsubscribe page (DESIGN.md "Release 3"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { Clock } from '../clock.ts';
import { memberNoticesRoutes, type MemberNotices } from '../member-notices/index.ts';
import { postEmailRoutes, unsubscribeRoutes, welcomeRoutes } from './newsletters-routes.ts';
import type { WelcomeMail } from './welcome-mail.ts';
import type { EmailService } from './newsletters-service.ts';

export function createEmailFeature({ email, welcome, memberNotices, clock, sameOrigin, appUrl }: { email: EmailService; welcome: WelcomeMail; memberNotices: MemberNotices; clock: Clock; sameOrigin: RequestHandler; appUrl: URL }): Feature {
  return {
    name: 'email',
    routers: [
      { path: '/api/posts', handler: Router().use(sameOrigin, postEmailRoutes(email)) },
      { path: '/api/email/welcome', handler: Router().use(sameOrigin, welcomeRoutes(welcome, clock)) },
      { path: '/api/email/notices', handler: Router().use(sameOrigin, memberNoticesRoutes(memberNotices)) },
      // No same-origin guard: RFC 8058 one-click requests carry no Origin (newsletters-routes.ts).
      { path: '/', handler: unsubscribeRoutes(email, appUrl) },
    ],
  };
}
