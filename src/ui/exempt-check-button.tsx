import { lazy, Suspense } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ExemptTarget } from './exempt-check-dialog';

// Whether to offer "Exempt…" (the team's exemption list, the user's role) and the button itself
// are their own chunk, loaded after the page's first paint: the device page and the overview
// carry none of it in their first download.
const ExemptCheckOffer = lazy(async () => ({
  default: (await import('./exempt-check-offer')).ExemptCheckOffer,
}));

/**
 * "Exempt…" on a failing check (createExemption, a proposal), for those who may change the team's
 * settings and only when the server offers exemptions; nothing otherwise.
 */
export function ExemptCheckButton({
  target,
  sx,
}: {
  target: ExemptTarget;
  /** The button's place in its parent (e.g. a grid cell), applied only when it shows. */
  sx?: SxProps<Theme>;
}) {
  return (
    <Suspense fallback={null}>
      <ExemptCheckOffer target={target} sx={sx} />
    </Suspense>
  );
}
