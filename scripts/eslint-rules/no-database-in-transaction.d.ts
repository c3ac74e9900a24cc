import type { Rule } from 'eslint';

/** The rule of no-database-in-transaction.js, which ESLint's config loads as plain JavaScript. */
declare const rule: Rule.RuleModule;
export default rule;
