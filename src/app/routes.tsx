import type { ComponentType } from 'react';
import { LoginPage } from '../features/auth/login-page';
import type { PageProps } from '../ui/page-props';
import { lazyComponent, loadedComponent } from './lazy-component';
import type { Preloadable } from './lazy-component';
import { LOGIN_PAGE } from './route-table';
import type { PageRef, RouteEntry } from './route-table';

/** A lazily loaded page whose chunk can be fetched ahead of rendering. */
export type LazyPage = Preloadable<PageProps>;

/** A row of the route table (src/app/route-table.ts). */
export type AppRoute = RouteEntry;

/**
 * Every page module (src/features/<area>/*-page.tsx), each its own lazily loaded chunk. The route
 * table names the module and its export; a page file no route names fails routes.test.ts.
 */
export const PAGE_MODULES = import.meta.glob<Record<string, unknown>>([
  '../features/**/*-page.tsx',
  '!../features/auth/login-page.tsx',
]);

/**
 * Pages inside the entry chunk, imported statically: the sign-in page is the first screen of every
 * signed-out visit. The signed-in pages pay about 1 kB gzip for it (the MUI text field parts it
 * uses are theirs too: the device list's search and selects, the team switcher's). Measured
 * 2026-11-27 with the page as a lazy chunk instead: /devices 1.0 kB lighter, /login 4.7 kB heavier
 * in 16 files instead of 3 (the text field parts split into small shared chunks), over its budget.
 */
const ENTRY_PAGES: Readonly<Record<string, ComponentType<PageProps>>> = {
  [LOGIN_PAGE.module]: LoginPage,
};

const pages = new Map<string, LazyPage>();

/** The component of a page reference, loaded (and its chunk fetched) on first use. */
export function lazyPage(ref: PageRef): LazyPage {
  const key = `${ref.module}#${ref.export}`;
  const known = pages.get(key);
  if (known) return known;
  const inEntry = ENTRY_PAGES[ref.module];
  const load = PAGE_MODULES[`../${ref.module}.tsx`];
  if (!inEntry && !load) throw new Error(`route table: no page module src/${ref.module}.tsx`);
  const lazy = inEntry
    ? loadedComponent(inEntry)
    : lazyComponent(load!, (module) => {
        const component = module[ref.export];
        if (typeof component !== 'function' && typeof component !== 'object') {
          throw new Error(`route table: src/${ref.module}.tsx exports no ${ref.export}`);
        }
        return component as ComponentType<PageProps>;
      });
  pages.set(key, lazy);
  return lazy;
}
