import { useEffect } from 'react';
import { TITLE_SUFFIX } from '../lib/constants';

export function formatTitle(title: string): string {
  return `${title}${TITLE_SUFFIX}`;
}

/** Each screen names itself; the product suffix follows. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = formatTitle(title);
  }, [title]);
}
