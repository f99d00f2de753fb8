/**
 * A change that takes several requests in a row (invite, then one link per team; one unlink per
 * team) can fail half-way. What is done is done on the server: a retry runs only the steps that
 * are left. These pure functions keep that record; the mutations hold it between attempts.
 */
export interface StepProgress {
  /** Whose change it is (e.g. the email, lower-cased): another key starts over. */
  key: string;
  /** The steps done, in the order they were done. */
  done: readonly string[];
  /** What the server said for the steps done (in order), where it said something. */
  messages: readonly string[];
}

/** The progress for `key`: the earlier attempt's when it was for the same key, else a fresh one. */
export function progressFor(previous: StepProgress | null, key: string): StepProgress {
  return previous?.key === key ? previous : { key, done: [], messages: [] };
}

/** The steps of `steps` still to run, in their order. */
export function stepsLeft(progress: StepProgress, steps: readonly string[]): string[] {
  return steps.filter((step) => !progress.done.includes(step));
}

/** The progress once `step` has succeeded, with the server's message when there is one. */
export function withStepDone(progress: StepProgress, step: string, message?: string): StepProgress {
  return {
    key: progress.key,
    done: progress.done.includes(step) ? progress.done : [...progress.done, step],
    messages: message ? [...progress.messages, message] : progress.messages,
  };
}

/** The steps of adding a collaborator: the invite, then one link per team. */
export const INVITE_STEP = 'invite';
export const linkStep = (teamId: string) => `link:${teamId}`;
export const unlinkStep = (teamId: string) => `unlink:${teamId}`;
/** The team a link or unlink step is for. */
export const teamOfStep = (step: string) => step.slice(step.indexOf(':') + 1);
