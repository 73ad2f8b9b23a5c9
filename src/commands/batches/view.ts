// How a batch is shown by `batches get` (once, or after --wait).
import type { Batch, BatchResult } from '../../api/schemas/batch.js';
import { inline, type Cell } from '../../output/cells.js';
import type { Section } from '../../output/print.js';
import { extraFields, status, usd } from '../shared/format.js';

const KNOWN = [
  'id',
  'object',
  'completion_window',
  'endpoint',
  'model',
  'provider',
  'status',
  'created_at',
  'finalized_at',
  'expires_at',
  'request_counts',
  'error',
  'results',
  'usage',
];

function counts(b: Batch): string {
  const c = b.request_counts;
  if (!c) return '-';
  return `${c.completed ?? 0} completed, ${c.failed ?? 0} failed, ${c.total ?? 0} total`;
}

function tokens(b: Batch): string {
  const u = b.usage;
  if (!u) return '-';
  return `${u.prompt_tokens ?? 0} prompt + ${u.completion_tokens ?? 0} completion = ${u.total_tokens ?? 0}`;
}

function resultRow(r: BatchResult): Cell[] {
  const body = r.response?.body as { choices?: { finish_reason?: unknown }[]; usage?: { total_tokens?: unknown } } | null | undefined;
  const code = r.response?.status_code;
  return [
    r.custom_id ?? r.id ?? null,
    code === undefined ? null : code >= 400 ? { text: String(code), tone: 'bad' } : String(code),
    body?.choices?.[0]?.finish_reason === undefined ? null : inline(body.choices[0].finish_reason),
    body?.usage?.total_tokens === undefined ? null : inline(body.usage.total_tokens),
    r.error?.error_type ?? r.error?.type ?? null,
  ];
}

export function batchSections(b: Batch, withResults: boolean): Section[] {
  const sections: Section[] = [
    {
      fields: [
        ['ID', b.id],
        ['Status', status(b.status)],
        ...(b.error?.message ? ([['Error', { text: b.error.message, tone: 'bad' }]] as const) : []),
        ['Model', b.model],
        ['Endpoint', b.endpoint],
        ['Provider', b.provider ?? null],
        ['Requests', counts(b)],
        ['Created', { time: b.created_at }],
        ['Finalized', { time: b.finalized_at }],
        ['Expires', { time: b.expires_at }],
        ['Cost', usd(b.usage?.cost)],
        ['Tokens', tokens(b)],
        ['Results', b.results ? `${b.results.length}` : { text: 'not available until the batch ends', tone: 'muted' }],
        ...extraFields(b, KNOWN),
      ],
    },
  ];
  if (withResults) {
    sections.push({
      title: 'Results',
      key: 'result',
      headers: ['CUSTOM ID', 'STATUS', 'FINISH', 'TOKENS', 'ERROR TYPE'],
      rows: (b.results ?? []).map(resultRow),
    });
  }
  return sections;
}
