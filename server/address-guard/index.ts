/** What other rooms use of server/address-guard/ (docs/architecture.md): its public surface. */
export { createAddressGuard, type AddressGuard, type FetchedFile, type FetchOptions } from './address-guard.ts';
export { AddressRefused, type RefusalReason } from './address-refused.ts';
export { isPrivateAddress } from './private-addresses.ts';
