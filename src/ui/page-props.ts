/** A route's path parameters by name, e.g. { deviceId: '…' }. */
export type RouteParams = Record<string, string>;

/** What the route table hands every page. */
export interface PageProps {
  params: RouteParams;
  /** The route's default title. */
  title?: string;
}
