// A conformance check's result and how checks record them: shared by the seed contract's checks (checks.ts) and the
// live service's (live-checks.ts).
import type { Probe } from './probe.ts';

export interface CheckResult {
  check: string;
  url: string;
  expected: string;
  got: string;
  ok: boolean;
  /** What the host did that the contract leaves to it (on GitHub Pages, the Content-Type it chose). */
  note?: string;
  /** Reported, not checked: the host decides it and nothing a build writes can change it. */
  reported?: boolean;
}

export type Get = (path: string, init?: RequestInit) => Promise<Probe>;
export type RecordCheck = (check: string, path: string, expected: string, got: string, extra?: Pick<CheckResult, 'note' | 'reported'>) => void;

/** ", CORS *" where the response allows every origin, as a row shows it. */
export function cors(response: Probe): string {
  return response.headers.get('access-control-allow-origin') === '*' ? ', CORS *' : '';
}
