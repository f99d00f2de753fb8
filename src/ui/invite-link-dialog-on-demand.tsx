import { lazy, Suspense, useState } from 'react';

// The Invite Link dialog (MUI's Dialog and Modal with it) is downloaded when it first opens: the
// pages offering it (the overview, the device list) do not carry it in their first paint.
const InviteLinkDialog = lazy(async () => ({
  default: (await import('./invite-link-dialog')).InviteLinkDialog,
}));

/**
 * The Invite Link modal (invite-link-dialog.tsx), mounted from the first time it opens and kept
 * mounted afterwards, so its closing transition and the focus return still happen.
 */
export function InviteLinkDialogOnDemand({
  open,
  onClose,
  teamId,
}: {
  open: boolean;
  onClose(): void;
  teamId: string;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <InviteLinkDialog open={open} onClose={onClose} teamId={teamId} />
    </Suspense>
  );
}
