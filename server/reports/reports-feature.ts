/** The reports feature: GET /api/reports and GET /api/activity (common/api/reports.ts), the creator's own site only. */
import { Router, type Request, type Response } from 'express';
import type { AnswerOf } from '../../common/api/endpoint.ts';
import { REPORT_TABLES, type ReportTable } from '../../common/api/reports.ts';
import type * as reportsApi from '../../common/api/reports.ts';
import { checkRange, dayOf } from '../../common/report-range.ts';
import type { Clock } from '../clock.ts';
import { AppError, badRequest } from '../errors.ts';
import type { Feature } from '../feature.ts';
import { requireVerifiedCreator, type AuthLocals } from '../auth/index.ts';
import { parseActivityQuery, type ActivityService } from './activity-service.ts';
import { reportCsv, type ReportsService } from './reports-service.ts';

type AuthResponse = Response<unknown, AuthLocals>;

export function createReportsFeature({ reports, activity, clock }: { reports: ReportsService; activity: ActivityService; clock: Clock }): Feature {
  const reportRouter = Router().use(requireVerifiedCreator);
  reportRouter.get('/', async (req: Request, res: AuthResponse) => {
    const checked = checkRange(req.query.from, req.query.to, dayOf(clock()));
    if ('error' in checked) throw badRequest(checked.error, checked.field);
    const { format, table } = req.query;
    if (format !== undefined && format !== 'csv') throw badRequest('invalid-input');
    if (format === 'csv' && !(REPORT_TABLES as readonly unknown[]).includes(table)) throw badRequest('invalid-input');
    const report = await reports.reportFor(res.locals.auth!.user.id, checked.range);
    if (!report) throw new AppError('site-required', 409);
    res.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      const name = `report-${table as ReportTable}-${checked.range.from}-to-${checked.range.to}.csv`;
      res.attachment(name).type('text/csv; charset=utf-8').send(reportCsv(report, table as ReportTable));
      return;
    }
    res.json(report satisfies AnswerOf<typeof reportsApi.report>);
  });

  const activityRouter = Router().use(requireVerifiedCreator);
  activityRouter.get('/', async (req: Request, res: AuthResponse) => {
    const answer = await activity.listFor(res.locals.auth!.user.id, parseActivityQuery(req.query));
    res.set('Cache-Control', 'no-store').json(answer satisfies AnswerOf<typeof reportsApi.activity>);
  });

  return {
    name: 'reports',
    routers: [
      { path: '/api/reports', handler: reportRouter },
      { path: '/api/activity', handler: activityRouter },
    ],
  };
}
