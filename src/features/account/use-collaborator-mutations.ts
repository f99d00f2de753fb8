import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { send, useSingleFlightMutation } from '../../api/query';
import {
  INVITE_STEP,
  linkStep,
  progressFor,
  stepsLeft,
  teamOfStep,
  unlinkStep,
  withStepDone,
} from './step-progress';
import type { StepProgress } from './step-progress';

const COLLABORATORS_KEY = ['get', '/user/collaborators'] as const;

/**
 * Runs `steps` in order, skipping those an earlier attempt for the same `key` finished, and keeps
 * the record in `record` after every step, so a failure half-way leaves what was done.
 */
async function runSteps(
  record: { current: StepProgress | null },
  key: string,
  steps: readonly string[],
  run: (step: string) => Promise<string | undefined>,
): Promise<StepProgress> {
  let progress = progressFor(record.current, key);
  record.current = progress;
  for (const step of stepsLeft(progress, steps)) {
    const message = await run(step);
    progress = withStepDone(progress, step, message);
    record.current = progress;
  }
  return progress;
}

/** The list follows what the server has, after success and after a change that stopped half-way. */
function useRefreshCollaborators() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: COLLABORATORS_KEY });
}

export type AddPhase = 'inviting' | 'adding';

/**
 * SPEC §4 user addition: invite email (POST /user/collaborator), then adding collaborator
 * (POST /team/{teamId}/collaborator per chosen team), then success with the server's words. A retry
 * for the same email after a failure repeats nothing that succeeded. `phase` says which step runs.
 */
export function useAddCollaborator() {
  const record = useRef<StepProgress | null>(null);
  const [phase, setPhase] = useState<AddPhase>('inviting');
  const refresh = useRefreshCollaborators();
  const mutation = useSingleFlightMutation<
    string[],
    { email: string; ssoOnly: boolean; teamIds: readonly string[] }
  >({
    mutationFn: async ({ email, ssoOnly, teamIds }) => {
      const address = email.trim();
      const steps = [INVITE_STEP, ...teamIds.map(linkStep)];
      const progress = await runSteps(record, address.toLowerCase(), steps, async (step) => {
        if (step === INVITE_STEP) {
          setPhase('inviting');
          await send('post', '/user/collaborator', { body: { email: address, ssoOnly } });
          return undefined;
        }
        setPhase('adding');
        const answer = await send('post', '/team/{teamId}/collaborator', {
          params: { path: { teamId: teamOfStep(step) } },
          body: { email: address },
        });
        return answer?.message;
      });
      record.current = null;
      return progress.messages.length > 0
        ? [...progress.messages]
        : [`${address} was added as a collaborator.`];
    },
    onSettled: refresh,
  });
  return { ...mutation, phase: mutation.isPending ? phase : null };
}

/**
 * Change which teams a collaborator sees: POST and DELETE /team/{teamId}/collaborator. A retry
 * after a failure repeats nothing that succeeded.
 */
export function useEditCollaboratorTeams(email: string) {
  const record = useRef<StepProgress | null>(null);
  const refresh = useRefreshCollaborators();
  return useSingleFlightMutation<void, { add: readonly string[]; remove: readonly string[] }>({
    mutationFn: async ({ add, remove }) => {
      const steps = [...add.map(linkStep), ...remove.map(unlinkStep)];
      await runSteps(record, email.toLowerCase(), steps, async (step) => {
        const init = { params: { path: { teamId: teamOfStep(step) } }, body: { email } };
        if (step.startsWith('link:')) await send('post', '/team/{teamId}/collaborator', init);
        else await send('delete', '/team/{teamId}/collaborator', init);
        return undefined;
      });
    },
    onSettled: refresh,
  });
}

/**
 * "Delete Collaborator": the collaborator loses every team (DELETE /team/{teamId}/collaborator per
 * team). A retry after a failure skips the teams already done.
 */
export function useDeleteCollaborator(email: string) {
  const record = useRef<StepProgress | null>(null);
  const refresh = useRefreshCollaborators();
  return useSingleFlightMutation<void, { teamIds: readonly string[] }>({
    mutationFn: async ({ teamIds }) => {
      await runSteps(record, email.toLowerCase(), teamIds.map(unlinkStep), async (step) => {
        await send('delete', '/team/{teamId}/collaborator', {
          params: { path: { teamId: teamOfStep(step) } },
          body: { email },
        });
        return undefined;
      });
    },
    onSettled: refresh,
  });
}
