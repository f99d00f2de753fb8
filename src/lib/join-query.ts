import * as v from 'valibot';
import { emailSchema } from './validation';

export interface JoinQuery {
  /** The invited address, when the link carries a valid one. */
  email: string | null;
  /**
   * failFast=true: the team's public details are asked for once, not retried, so a failure shows
   * at once. How to join shows either way (the SPEC's page needs no call).
   */
  failFast: boolean;
}

/** `/team/join/{teamId}?email&failFast(true)`: invalid values are ignored, never a crash. */
export function parseJoinQuery(search: string): JoinQuery {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const parsed = v.safeParse(emailSchema, query.get('email') ?? '');
  return {
    email: parsed.success ? parsed.output : null,
    failFast: query.get('failFast') === 'true',
  };
}
