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
