/**
 * Every lazily loaded screen and layout, keyed by './' and its module path
 * under client/ (the names routes.ts uses). Vite makes each its own chunk; only
 * these small loader functions ride in the main bundle. The landing page and
 * the public layout are left out: the main bundle holds them (decision 015).
 */
import type { ComponentType } from 'react';

export type ScreenModule = { default: ComponentType };

export const LAZY_SCREEN_MODULES: Readonly<Record<string, () => Promise<ScreenModule>>> = import.meta.glob<ScreenModule>(
  ['./features/**/*Page.tsx', './layouts/*/*Layout.tsx', '!./features/marketing/landing/**', '!./layouts/public/**'],
  { base: '../' },
);
