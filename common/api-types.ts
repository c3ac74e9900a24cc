/** Shapes of the HTTP API's answers (DESIGN.md), shared by the server and the client's api.ts. */
import type { Role } from './roles.ts';

/**
 * The owner's own profile: every field of SPEC.md section 3 with its value (the
 * owner could read the whole profile document before), plus what the app needs
 * to know about sign-in. Never the password hash.
 */
export interface PublicUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  fullName: string;
  displayName: string;
  username: string;
  createdAt: string;
  lastLogin: string;
  registered: string;
  role: Role;
  /** Also the platform's operator, whatever the role (common/roles.ts). */
  isAdmin: boolean;
  accountTier: string;
  hasCompletedSetup: boolean;
  onboardingStep: number;
  isVerified: boolean;
  analyticsConsent: boolean;
  marketingEmailsOptIn: boolean;
  agreeToTerms: boolean;
  /** When the terms were accepted and which version (common/constants.ts TERMS_VERSION); null if never. */
  termsAcceptedAt: string | null;
  termsVersion: string | null;
  nsfw: boolean;
  niche: string;
  profileUrl: string;
  bannerUrl: string;
  language: string;
  theme: string;
  suspensionInfo: { suspended: boolean; suspensionReason: string };
  featureFlags: Record<string, unknown>;
  domainSetup: Record<string, unknown>;
  customDomain: string;
  paymentProvider: string;
  paymentCustomerId: string;
  payoutStatus: string;
  referralCode: string;
  referredBy: string;
  socialLinks: Record<string, string>;
  hasPassword: boolean;
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
  /** `UPLOAD_MAX_BYTES`: the uploader refuses a larger file before sending a byte of it. */
  uploadMaxBytes: number;
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
