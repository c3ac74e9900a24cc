/** What other rooms use of server/reports/ (docs/architecture.md): its public surface. */
export { createActivityService, recordActivity, type RecordActivity } from './activity-service.ts';
export { readerOf, type PageReader } from './reader.ts';
export { createReportsFeature } from './reports-feature.ts';
export { createReportsService } from './reports-service.ts';
export { createRollUp, rollUpJob } from './roll-up.ts';
export { createVisitorHasher } from './visitor-hash.ts';
export { createVisitorSalts, type VisitorSalts } from './visitor-salts.ts';
