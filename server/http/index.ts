/** What other rooms use of server/http/ (docs/architecture.md): its public surface. */
export { MAINTENANCE_RETRY_AFTER_SECONDS, blockDuringMaintenance } from './middleware/block-during-maintenance.ts';
export { compressResponses } from './middleware/compress-responses.ts';
export { OUTAGE_RETRY_AFTER_SECONDS, apiNotFound, handleErrors } from './middleware/error-handler.ts';
export { requestLog } from './middleware/request-log.ts';
export { requireSameOrigin } from './middleware/require-same-origin.ts';
export { contextOf, type RequestContext } from './request-context.ts';
export { apiSecurityHeaders, pageSecurityHeaders } from './security-headers.ts';
export { parseInput } from './validate.ts';
