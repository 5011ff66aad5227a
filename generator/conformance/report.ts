import type { CheckResult } from './checks.ts';

/** A plain-text table, one row per check (INFO for what is reported, not checked), then the counts. */
export function formatReport(results: readonly CheckResult[]): string {
  const verdict = (result: CheckResult) => (result.reported ? 'INFO' : result.ok ? 'PASS' : 'FAIL');
  const rows = results.map((result) => [verdict(result), result.check, result.expected, result.ok && !result.reported ? '' : result.got, result.note ?? '']);
  const header = ['', 'check', 'expected', 'got (when different)', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  const failed = results.filter((result) => !result.ok).length;
  const reported = results.filter((result) => result.reported).length;
  return [
    line(header),
    ...rows.map(line),
    '',
    `${results.length - failed - reported} passed, ${failed} failed${reported > 0 ? `, ${reported} reported` : ''}`,
  ].join('\n');
}
