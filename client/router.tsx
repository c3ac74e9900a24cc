/**
 * The route table of SPEC.md section 2, in react-router's declarative mode
 * (the data router costs 16 KB more; DESIGN.md's toolchain facts). Only the
 * public layout and the landing page load eagerly: every other screen is its
 * own chunk, so the landing page carries no auth code, zod or swiper.
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from './app/auth.tsx';
import { Guard } from './app/Guard.tsx';
import { preloadable, type PreloadableScreen } from './app/preloadable.tsx';
import { decideGuestOnly, decideSignedIn, decideVerifiedCreator } from './app/guard-decisions.ts';
import { RouteSuspense } from './app/RouteSuspense.tsx';
import PublicLayout from './layouts/public/PublicLayout.tsx';
import LandingPage from './pages/landing/LandingPage.tsx';

const About = preloadable(() => import('./pages/about/AboutPage.tsx'));
const WhatYouGet = preloadable(() => import('./pages/what-you-get/WhatYouGetPage.tsx'));
const Contact = preloadable(() => import('./pages/contact/ContactPage.tsx'));
const PrivacyPolicy = preloadable(() => import('./pages/privacy-policy/PrivacyPolicyPage.tsx'));
const TermsConditions = preloadable(() => import('./pages/terms-conditions/TermsConditionsPage.tsx'));
const Login = preloadable(() => import('./pages/login/LoginPage.tsx'));
const Signup = preloadable(() => import('./pages/signup/SignupPage.tsx'));
const GoogleSignup = preloadable(() => import('./pages/google-signup/GoogleSignupPage.tsx'));
const VerifyEmail = preloadable(() => import('./pages/verify-email/VerifyEmailPage.tsx'));
const ResetPassword = preloadable(() => import('./pages/reset-password/ResetPasswordPage.tsx'));
const Creator = preloadable(() => import('./layouts/creator/CreatorLayout.tsx'));
const Onboarding = preloadable(() => import('./pages/onboarding/OnboardingPage.tsx'));
const NotFound = preloadable(() => import('./pages/not-found/NotFoundPage.tsx'));

const SCREENS_BY_PATH: Record<string, readonly PreloadableScreen[]> = {
  '/': [],
  '/about': [About],
  '/what-you-get': [WhatYouGet],
  '/contact': [Contact],
  '/privacy-policy': [PrivacyPolicy],
  '/terms-conditions': [TermsConditions],
  '/login': [Login],
  '/signup': [Signup],
  '/signup/google': [GoogleSignup],
  '/verify-email': [VerifyEmail],
  '/reset-password': [ResetPassword],
  '/onboarding': [Creator, Onboarding],
};

/**
 * Fetches the chunks of the page being opened while React starts up, instead
 * of after the first render asks for them. Never rejects: a chunk that fails
 * here fails again, visibly, when its route renders.
 */
export async function preloadScreenFor(pathname: string): Promise<void> {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const screens = SCREENS_BY_PATH[normalized] ?? [NotFound];
  await Promise.all(screens.map((screen) => screen.preload().catch(() => undefined)));
}

function lazyScreen(screen: ReactNode) {
  return <RouteSuspense>{screen}</RouteSuspense>;
}

export function AppRoutes() {
  const { user } = useAuth();
  // SPEC.md: the creator area exists only for a signed-in user with a verified e-mail.
  const creatorAreaOpen = user?.emailVerified === true;

  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="about" element={lazyScreen(<About.Screen />)} />
        <Route path="what-you-get" element={lazyScreen(<WhatYouGet.Screen />)} />
        <Route path="contact" element={lazyScreen(<Contact.Screen />)} />
        <Route path="privacy-policy" element={lazyScreen(<PrivacyPolicy.Screen />)} />
        <Route path="terms-conditions" element={lazyScreen(<TermsConditions.Screen />)} />
      </Route>

      <Route path="login" element={<Guard decide={decideGuestOnly}>{lazyScreen(<Login.Screen />)}</Guard>} />
      <Route path="signup" element={<Guard decide={decideGuestOnly}>{lazyScreen(<Signup.Screen />)}</Guard>} />
      <Route path="signup/google" element={<Guard decide={decideGuestOnly}>{lazyScreen(<GoogleSignup.Screen />)}</Guard>} />
      <Route path="verify-email" element={<Guard decide={decideSignedIn}>{lazyScreen(<VerifyEmail.Screen />)}</Guard>} />
      <Route path="reset-password" element={lazyScreen(<ResetPassword.Screen />)} />

      {creatorAreaOpen ? (
        <Route element={lazyScreen(<Creator.Screen />)}>
          <Route path="onboarding" element={lazyScreen(<Onboarding.Screen />)} />
        </Route>
      ) : (
        <Route path="onboarding" element={<Guard decide={decideVerifiedCreator} />} />
      )}

      <Route path="*" element={lazyScreen(<NotFound.Screen />)} />
    </Routes>
  );
}
