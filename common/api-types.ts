/** Shapes of the HTTP API's answers (DESIGN.md), shared by the server and the client's api.ts. */
import type { Role } from './roles.ts';

export interface PublicUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  fullName: string;
  displayName: string;
  username: string;
  role: Role;
  accountTier: string;
  niche: string;
  hasCompletedSetup: boolean;
  onboardingStep: number;
  hasPassword: boolean;
  createdAt: string;
  lastLogin: string;
}

export interface MeResponse {
  user: PublicUser | null;
}

export interface MaintenanceResponse {
  maintenance: boolean;
}

/** The public footer's external links (SPEC.md "Public layout"); an unset one is not shown. */
export interface FooterLinks {
  developer?: string;
  professionalNetwork?: string;
  social?: string;
  help?: string;
}

export interface PublicConfig {
  supportEmail: string;
  googleSignIn: boolean;
  footerLinks: FooterLinks;
}

/**
 * What the server writes into the index.html it serves, so the app-start screen
 * knows maintenance and auth at once and the API calls only refresh them.
 */
export interface BootState {
  maintenance: boolean;
  user: PublicUser | null;
  config: PublicConfig;
}

export const BOOT_STATE_ELEMENT_ID = 'boot-state';
