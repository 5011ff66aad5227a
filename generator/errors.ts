// Typed errors for user mistakes: each carries where it happened and how to fix it,
// so the CLI prints one line instead of a stack trace.
export interface SourcePosition {
  file: string;
  line?: number;
  column?: number;
}

export class UserError extends Error {
  readonly hint?: string;
  /** Where in the ontology the mistake is, when known. */
  position?: SourcePosition;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }

  /** The message, after the file, line and column when they are known. */
  override toString(): string {
    if (!this.position) return this.message;
    const { file, line, column } = this.position;
    const where = line === undefined ? file : `${file}:${line}:${column ?? 1}`;
    return `${where}: ${this.message}`;
  }
}

export class OntologySyntaxError extends UserError {
  declare position: SourcePosition;
  constructor(position: SourcePosition, message: string, hint?: string) {
    super(message, hint);
    this.position = position;
  }
}

export class SourceNotFoundError extends UserError {}

export class OptionsError extends UserError {}

export class DownloadError extends UserError {}

/** The output could not be written: the disk is full, read-only, or the folder not ours to write. */
export class OutputWriteError extends UserError {}

/** The worker's failure, already described for the user (one line for a user mistake). */
export class ApiWorkerError extends Error {
  constructor(described: string) {
    super(described);
    this.name = 'ApiWorkerError';
  }
}

/** One line for a user's mistake (file:line:column: what, then how to fix it); the stack only for our bugs. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiWorkerError) return error.message;
  if (error instanceof UserError) {
    return `error: ${error.toString()}${error.hint ? ` — ${error.hint}` : ''}`;
  }
  return `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
