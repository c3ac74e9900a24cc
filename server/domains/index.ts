/** What other rooms use of server/domains/ (docs/architecture.md): its public surface. */
export { createDnsChecker } from './dns-check.ts';
export { createDomainDirectory } from './domain-directory.ts';
export { DOMAIN_CHECK_JOB, domainQueues, type DomainCheckJobData } from './domain-jobs.ts';
export { domainMailTemplates } from './domain-mail.ts';
export { createDomainsFeature } from './domains-feature.ts';
export { createDomainsService } from './domains-service.ts';
