/** /api/auth/me and /api/auth/logout: who is signed in, and ending that (the contract of DESIGN.md "HTTP API"). */
import type { MeResponse } from '../api-types.ts';
import { endpoint } from './endpoint.ts';

export const me = endpoint<undefined, undefined, MeResponse>('GET', '/api/auth/me');
export const logout = endpoint<undefined, undefined, void>('POST', '/api/auth/logout');
