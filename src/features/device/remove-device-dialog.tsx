import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { $api } from '../../api/query';
import { devicesPath } from '../../lib/paths';
import { BidiText } from '../../ui/bidi-text';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toasts';
import { forgetDevice } from './device-queries';
import type { Device } from './device-queries';

/**
 * SPEC §4 device removal: confirm, in progress (buttons disabled), then failed (the notice stays in
 * the dialog) or done (toast, the team's device list).
 */
export function RemoveDeviceDialog({
  device,
  open,
  onClose,
  onRemoved,
}: {
  device: Device;
  open: boolean;
  onClose(): void;
  /** Called before the device's own query is dropped, so the page stops asking for it. */
  onRemoved(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const remove = $api.useMutation('delete', '/team/{teamId}/device');

  const confirm = () => {
    remove.mutate(
      {
        params: { path: { teamId: device.teamId } },
        body: { id: device.id, machineUUID: device.machineUUID },
      },
      {
        onSuccess: () => {
          onRemoved();
          toast.info('Device removed!');
          navigate(devicesPath(device.teamId));
          forgetDevice(queryClient, device.id);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      title="Remove device"
      confirmLabel="Remove"
      busyLabel="Removing"
      destructive
      mutation={remove}
      onConfirm={confirm}
      onClose={onClose}
    >
      Remove{' '}
      <strong>
        <BidiText text={device.deviceName} />
      </strong>{' '}
      (<BidiText text={device.ownerEmail} />) from this team? Its check results will no longer be
      shown in the console.
    </ConfirmDialog>
  );
}
