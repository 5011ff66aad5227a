// Typed errors for user mistakes: each carries where it happened and how to fix it,
// so the CLI prints one line instead of a stack trace.
export interface SourcePosition {
  file: string;
  line?: number;
  column?: number;
}

export class UserError extends Error {
  readonly hint?: string;
  constructor(message: string, hint?: string) {
    super(message);
    this.name = new.target.name;
    this.hint = hint;
  }
}

export class OntologySyntaxError extends UserError {
  readonly position: SourcePosition;
  constructor(position: SourcePosition, message: string, hint?: string) {
    super(message, hint);
    this.position = position;
  }

  override toString(): string {
    const { file, line, column } = this.position;
    const where = line === undefined ? file : `${file}:${line}:${column ?? 1}`;
    return `${where}: ${this.message}`;
  }
}

export class SourceNotFoundError extends UserError {}

export class OptionsError extends UserError {}

export class DownloadError extends UserError {}
