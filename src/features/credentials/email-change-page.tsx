import type { PageProps } from '../../ui/page-props';
import { PlannedPage } from '../../ui/planned-page';

/** Placeholder until this screen is built (its issue replaces this file). */
export function EmailChangePage(props: PageProps) {
  return <PlannedPage {...props} />;
}
