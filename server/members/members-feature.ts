/** The members feature: the creator's subscribers under /api/members (DESIGN.md "HTTP API added"). */
import { Router, type RequestHandler } from 'express';
import type { Feature } from '../feature.ts';
import type { MembersImport } from './members-import.ts';
import { membersRoutes } from './members-routes.ts';
import type { MembersService } from './members-service.ts';

export function createMembersFeature({ members, importer, sameOrigin }: { members: MembersService; importer: MembersImport; sameOrigin: RequestHandler }): Feature {
  return {
    name: 'members',
    routers: [{ path: '/api/members', handler: Router().use(sameOrigin, membersRoutes({ members, importer })) }],
  };
}
