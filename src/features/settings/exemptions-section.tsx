import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../generated/api';
import {
  lacksOperation,
  markOperationMissing,
  useMissingOnFailure,
  useOperationMissing,
} from '../../api/operation-support';
import { $api } from '../../api/query';
import { formatCalendarDate } from '../../lib/dates';
import { displayText } from '../../lib/display-text';
import { BidiText } from '../../ui/bidi-text';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { refreshExemptionViews } from '../../ui/exemption-views';
import { EmptyState, ErrorNotice, SectionLoading } from '../../ui/page-states';
import { SectionCard } from '../../ui/section-card';
import { useToast } from '../../ui/toasts';
import { teamPath } from './settings-queries';

type Exemption = components['schemas']['Exemption'];

/** End now, with its confirmation; done → toast and every view an exemption changes refreshed. */
function EndExemptionDialog({
  teamId,
  exemption,
  onClose,
}: {
  teamId: string;
  exemption: Exemption | null;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const end = $api.useMutation('post', '/team/{teamId}/exemptions/{exemptionId}/end');
  const shown = exemption;
  return (
    <ConfirmDialog
      open={shown !== null}
      title="End exemption"
      confirmLabel="End now"
      busyLabel="Ending"
      destructive
      mutation={end}
      onClose={onClose}
      onConfirm={() => {
        if (!shown) return;
        end.mutate(
          { params: { path: { teamId, exemptionId: shown.id } } },
          {
            onSuccess: () => {
              toast.info('Exemption ended.');
              onClose();
              void refreshExemptionViews(queryClient);
            },
            onError: (error) => {
              if (lacksOperation(error)) markOperationMissing('endExemption');
            },
          },
        );
      }}
    >
      {shown ? (
        <>
          End the exemption of{' '}
          <strong>
            <BidiText text={shown.deviceName} />
          </strong>{' '}
          from <BidiText text={shown.checkDescription} /> now? If the check still fails, it counts
          as failing again.
        </>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * The team's exemptions in force (listExemptions, a proposal): device, check, reason, end and who
 * made them, with End now for those who may change the settings. A server without the call (404
 * or 501, once per session) shows no section at all.
 */
export function ExemptionsSection({ teamId, canManage }: { teamId: string; canManage: boolean }) {
  const knownMissing = useOperationMissing('listExemptions');
  const endMissing = useOperationMissing('endExemption');
  const list = $api.useQuery('get', '/team/{teamId}/exemptions', teamPath(teamId), {
    enabled: !knownMissing,
  });
  const missing = useMissingOnFailure('listExemptions', list.error);
  const [ending, setEnding] = useState<Exemption | null>(null);
  if (missing) return null;

  let body;
  if (list.isPending) body = <SectionLoading label="Loading exemptions" />;
  else if (list.isError && !list.data)
    body = <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.exemptions.length === 0) body = <EmptyState>No exemptions.</EmptyState>;
  else
    body = (
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="exemption-list">
        {list.data.exemptions.map((exemption) => (
          <Stack
            component="li"
            key={exemption.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              justifyContent: 'space-between',
              alignItems: { sm: 'center' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <BidiText text={exemption.deviceName} />:{' '}
                <BidiText text={exemption.checkDescription} />
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <BidiText text={exemption.reason} />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Until {formatCalendarDate(exemption.endsAt) ?? 'its end'}, by{' '}
                <BidiText text={exemption.createdBy.email} />
              </Typography>
            </Box>
            {canManage && !endMissing ? (
              <Box sx={{ flexShrink: 0 }}>
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={`End now: ${displayText(exemption.deviceName)}, ${displayText(exemption.checkDescription)}`}
                  onClick={() => setEnding(exemption)}
                >
                  End now
                </Button>
              </Box>
            ) : null}
          </Stack>
        ))}
      </Box>
    );

  return (
    <SectionCard
      title="Exemptions"
      description="Failing checks that do not count as failing until their end date."
    >
      {body}
      <EndExemptionDialog teamId={teamId} exemption={ending} onClose={() => setEnding(null)} />
    </SectionCard>
  );
}
