/** What other rooms use of server/access/ (docs/architecture.md): its public surface. */
export { ANONYMOUS, confirmedOrPaying, effectiveVisibility, isEntitled, postAccess, waitsForEmail, type PostAccess, type ReaderMembership, type ReaderStanding } from './post-access.ts';
export { readerStanding, standingColumns } from './reader-standing.ts';
