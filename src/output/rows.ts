// Piped output: one row per line, fields tab-separated, no header, no colour, ISO times.
import { cellText, type Cell } from './cells.js';
import { sanitizeField } from '../core/sanitize.js';

export function formatRow(cells: readonly Cell[], now: number): string {
  return cells.map((cell) => sanitizeField(cellText(cell, { terminal: false, now }))).join('\t');
}
