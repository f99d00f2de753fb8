import type { Plugin } from 'vite';

export declare const REPORT_FILE: string;
export interface RouteRow {
  path: string;
  uuidParams: string[];
  access: 'public' | 'private';
  layout: 'shell' | 'bare';
  module: string;
}
export declare function readRouteTable(file: string): {
  routes: RouteRow[];
  login: string;
  notFound: string;
};
export interface Screens {
  routes: {
    path: string;
    uuidParams: string[];
    access: 'public' | 'private';
    layout: 'shell' | 'bare';
    signedOut: string[];
    signedIn: string[];
  }[];
  unknown: { signedOut: string[]; signedIn: string[] };
}
export declare function screensOf(
  table: ReturnType<typeof readRouteTable>,
  shellModule: string,
): Screens;
export interface PreloadData {
  base: string;
  sessionKey: string;
  files: string[];
  modules: number[][];
  routes: [string[], string[], number[], number[]][];
  unknown: [number[], number[]];
}
export interface PreloadWindow {
  location: { pathname: string; search: string };
  localStorage: { getItem(key: string): string | null };
  document: {
    createElement(tag: 'link'): { rel: string; crossOrigin: string | null; href: string };
    head: { appendChild(node: unknown): unknown };
  };
}
export declare function routePreloadRuntime(data: PreloadData, win: PreloadWindow): string[];
export declare function routeChunksPlugin(options: {
  routesFile: string;
  shellModule: string;
  sessionKey: string;
}): Plugin;
export declare function chunkGroups(): NonNullable<
  NonNullable<
    NonNullable<NonNullable<import('vite').UserConfig['build']>['rolldownOptions']>['output']
  > extends infer O
    ? O extends { codeSplitting?: infer C }
      ? Exclude<C, boolean | undefined>['groups']
      : never
    : never
>;
