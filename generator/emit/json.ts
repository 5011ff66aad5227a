// `<`, `>` and `&` are escaped so a host that serves the file as text/html cannot be made to render markup.
const UNSAFE = /[<>&\u2028\u2029]/g;

function escapeUnsafe(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Compact JSON, as the live service sends it, with HTML-significant characters escaped. */
export function emitJson(value: unknown): string {
  return escapeJsonText(JSON.stringify(value));
}

/** The same escaping for JSON text already serialised, so pieces escaped apart join into what emitJson gives. */
export function escapeJsonText(json: string): string {
  return json.replace(UNSAFE, escapeUnsafe);
}

/** Indented JSON for files people read (openapi.json), with the same escaping. */
export function emitReadableJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(UNSAFE, escapeUnsafe)}\n`;
}
