/**
 * A lazily loaded screen whose chunk can be fetched ahead of its first render.
 * Once the chunk is in, the screen renders at once instead of suspending, so a
 * deep link paints its page in the first frame rather than a spinner first.
 */
import { lazy, type ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

export interface PreloadableScreen {
  Screen: ComponentType;
  preload: () => Promise<void>;
}

export function preloadable(load: () => Promise<ScreenModule>): PreloadableScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<ScreenModule> | undefined;

  const loadOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // Let a later attempt retry (a flaky network), instead of caching the failure.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const LazyScreen = lazy(loadOnce);

  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyScreen />;
  }

  return { Screen, preload: () => loadOnce().then(() => undefined) };
}
