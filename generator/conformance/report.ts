import type { CheckResult } from './checks.ts';

/** A plain-text table, one row per check, then the counts. */
export function formatReport(results: readonly CheckResult[]): string {
  const rows = results.map((result) => [result.ok ? 'PASS' : 'FAIL', result.check, result.expected, result.ok ? '' : result.got]);
  const header = ['', 'check', 'expected', 'got (when different)'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const failed = results.filter((result) => !result.ok).length;
  return [line(header), ...rows.map(line), '', `${results.length - failed} passed, ${failed} failed`].join('\n');
}
