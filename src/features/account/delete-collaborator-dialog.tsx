import type { components } from '../../../generated/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toasts';
import { useDeleteCollaborator } from './use-collaborator-mutations';

type Collaborator = components['schemas']['Collaborator'];

/** "Delete Collaborator" → "Collaborator deleted!"; see useDeleteCollaborator. */
export function DeleteCollaboratorDialog({
  collaborator,
  open,
  onClose,
}: {
  collaborator: Collaborator;
  open: boolean;
  onClose(): void;
}) {
  const toast = useToast();
  const remove = useDeleteCollaborator(collaborator.email);
  const teamNames = collaborator.teams.map((team) => team.name).join(', ');
  return (
    <ConfirmDialog
      open={open}
      title="Delete Collaborator"
      confirmLabel="Delete"
      busyLabel="Deleting"
      destructive
      mutation={remove}
      onConfirm={() =>
        remove.mutate(
          { teamIds: collaborator.teams.map((team) => team.id) },
          {
            onSuccess: () => {
              toast.info('Collaborator deleted!');
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      Delete <strong>{collaborator.email}</strong>? They will lose access to {teamNames}.
    </ConfirmDialog>
  );
}
