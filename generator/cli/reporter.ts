import { describeFailure } from '../errors.ts';
import { collectGarbage } from '../pipeline/collect-garbage.ts';

/** Progress on stderr (a live counter on a terminal), so stdout stays clean for the summary. */
export class Reporter {
  readonly #isTty = process.stderr.isTTY === true;
  #lastTick = 0;

  log(line: string): void {
    this.#clearTick();
    process.stderr.write(`${line}\n`);
  }

  between(): void {
    collectGarbage();
  }

  tick(stage: string, done: number, total: number): void {
    if (!this.#isTty) return;
    const now = Date.now();
    if (done !== total && now - this.#lastTick < 100) return;
    this.#lastTick = now;
    process.stderr.write(`\r${stage}: ${done}/${total}`);
  }

  #clearTick(): void {
    if (this.#isTty && this.#lastTick !== 0) process.stderr.write('\r\x1b[K');
    this.#lastTick = 0;
  }
}

/** Runs a command's main: its number is the exit status; a failure is one line (a stack only for our bugs) and `failureStatus`. */
export function runCommand(main: (argv: string[]) => Promise<number>, failureStatus = 1): void {
  commandStatus(main, process.argv.slice(2), failureStatus).then((code) => {
    process.exitCode = code;
  });
}

/** The exit status of a command's main run on `argv`, its failure reported (see runCommand). */
export function commandStatus(main: (argv: string[]) => Promise<number>, argv: string[], failureStatus = 1): Promise<number> {
  return main(argv).catch((error: unknown) => {
    process.stderr.write(`${describeFailure(error)}\n`);
    return failureStatus;
  });
}
