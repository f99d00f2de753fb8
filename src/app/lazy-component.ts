import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A lazily loaded component whose chunk can be fetched ahead of rendering. */
export type Preloadable<P> = LazyExoticComponent<ComponentType<P>> & {
  preload(): Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`, and without a loading flash once the chunk is here: after
 * `preload()` has resolved, React receives the component synchronously (a thenable that calls back
 * at once, which `lazy` supports), so rendering it does not suspend and no Suspense fallback is
 * painted first. `main.tsx` preloads the first route's chunks before the first render: the first
 * paint is the page itself, and nothing on it moves when the page "arrives".
 */
export function lazyComponent<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): Preloadable<P> {
  let loading: Promise<M> | null = null;
  let loaded: { module: M } | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = { module };
      return module;
    }));
  const component = lazy(() => {
    if (loaded) {
      const value = { default: pick(loaded.module) };
      const resolved = { then: (resolve: (v: typeof value) => void) => resolve(value) };
      return resolved as unknown as Promise<typeof value>;
    }
    return preload().then((module) => ({ default: pick(module) }));
  });
  return Object.assign(component, { preload });
}

/**
 * A component that is part of the chunk importing it, behind the same interface: `preload()`
 * resolves at once and React never suspends on it (used for the sign-in page, see routes.tsx).
 */
export function loadedComponent<P>(component: ComponentType<P>): Preloadable<P> {
  const loaded = lazyComponent(
    () => Promise.resolve(component),
    (value) => value,
  );
  void loaded.preload();
  return loaded;
}
