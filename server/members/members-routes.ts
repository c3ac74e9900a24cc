/** /api/members: parse with common/ schemas, call one function of the members service, answer (common/api/members.ts). */
import express, { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { IMPORT_MAX_BYTES } from '../../common/api/members.ts';
import { compSchema, importSchema, memberPatchSchema, membersQuerySchema, removeSchema } from '../../common/member-schemas.ts';
import type * as membersApi from '../../common/api/members.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseInput } from '../http/index.ts';
import { writeMembersCsv } from './members-export.ts';
import type { MembersImport } from './members-import.ts';
import type { MembersService } from './members-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;
type MembersAnswer<Name extends keyof typeof membersApi> = AnswerOf<(typeof membersApi)[Name]>;

const userId = (res: AuthResponse) => res.locals.auth!.user.id;
const idOf = (req: Request) => String(req.params.id);

/** A CSV body may come as text/csv with `dryRun` and `mapping` (JSON) in the query, or as JSON `{csv, mapping, dryRun}`. */
function importInput(req: Request): unknown {
  if (typeof req.body !== 'string') return req.body;
  let mapping: unknown;
  try {
    mapping = typeof req.query.mapping === 'string' ? JSON.parse(req.query.mapping) : undefined;
  } catch {
    mapping = undefined;
  }
  return { csv: req.body, mapping, dryRun: req.query.dryRun !== 'false' };
}

export function membersRoutes({ members, importer }: { members: MembersService; importer: MembersImport }): Router {
  const router = Router();
  const json = express.json({ limit: '16kb' });
  // JSON-escaping can double a CSV's size.
  const importBody = [express.json({ limit: IMPORT_MAX_BYTES * 2 }), express.text({ type: 'text/csv', limit: IMPORT_MAX_BYTES })];
  router.use(requireVerifiedCreator);
  // Members' addresses are personal data: no shared cache keeps them.
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get('/', async (req: Request, res: AuthResponse) => {
    const query = parseInput(membersQuerySchema, req.query);
    res.json((await members.list(userId(res), query)) satisfies MembersAnswer<'listMembers'>);
  });

  router.get('/export.csv', async (req: Request, res: AuthResponse) => {
    const query = parseInput(membersQuerySchema, req.query);
    const site = await members.siteOf(userId(res));
    const day = new Date().toISOString().slice(0, 10);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${site.handle}-members-${day}.csv"` });
    // Headers go once the first page is written; a failure after that can only cut the file short.
    await writeMembersCsv(members.exportPages(userId(res), query), res);
    res.end();
  });

  router.post('/import', ...importBody, async (req: Request, res: AuthResponse) => {
    const input = parseInput(importSchema, importInput(req));
    const site = await members.siteOf(userId(res));
    res.json((await importer.run(site, input)) satisfies MembersAnswer<'importMembers'>);
  });

  router.get('/:id', async (req: Request, res: AuthResponse) => {
    res.json({ member: await members.get(userId(res), idOf(req)) } satisfies MembersAnswer<'getMember'>);
  });

  router.patch('/:id', json, async (req: Request, res: AuthResponse) => {
    const patch = parseInput(memberPatchSchema, req.body);
    res.json({ member: await members.update(userId(res), idOf(req), patch) } satisfies MembersAnswer<'updateMember'>);
  });

  router.post('/:id/comp', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(compSchema, req.body);
    res.json({ member: await members.comp(userId(res), idOf(req), input) } satisfies MembersAnswer<'compMember'>);
  });

  router.delete('/:id', json, async (req: Request, res: AuthResponse) => {
    const input = parseInput(removeSchema, req.body ?? {});
    res.json({ member: await members.remove(userId(res), idOf(req), input) } satisfies MembersAnswer<'removeMember'>);
  });

  return router;
}
