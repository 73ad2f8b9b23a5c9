// How a batch is shown by `batches get` (once, or after --wait).
import type { Batch, BatchResult } from '../../api/schemas/batch.js';
import { inline, type Cell } from '../../output/cells.js';
import type { FieldsView } from '../../output/printer.js';
import { detailView, fieldsOf, type FieldViews } from '../shared/detail.js';
import { status, usd } from '../shared/format.js';

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

// The fields, by API field name: labelled on a terminal, raw values in a pipe.
const views: FieldViews<Batch> = {
  id: { header: 'ID', value: (b) => b.id },
  status: { header: 'Status', value: (b) => status(b.status), raw: (b) => b.status },
  error: { header: 'Error', value: (b) => ({ text: b.error?.message ?? '', tone: 'bad' }), raw: (b) => b.error?.message ?? null },
  model: { header: 'Model', value: (b) => b.model },
  endpoint: { header: 'Endpoint', value: (b) => b.endpoint },
  provider: { header: 'Provider', value: (b) => b.provider ?? null },
  request_counts: { header: 'Requests', value: counts, raw: (b) => b.request_counts ?? null },
  created_at: { header: 'Created', value: (b) => ({ time: b.created_at }) },
  finalized_at: { header: 'Finalized', value: (b) => ({ time: b.finalized_at }) },
  expires_at: { header: 'Expires', value: (b) => ({ time: b.expires_at }) },
  cost: { header: 'Cost', value: (b) => usd(b.usage?.cost), raw: (b) => b.usage?.cost ?? null, uses: ['usage'] },
  usage: { header: 'Tokens', value: tokens, raw: (b) => b.usage ?? null },
  results: {
    header: 'Results',
    value: (b) => (b.results ? `${b.results.length}` : { text: 'not available until the batch ends', tone: 'muted' }),
    raw: (b) => b.results?.length ?? null,
  },
};
const fields = fieldsOf(views);

export function batchView(b: Batch, withResults: boolean): FieldsView<Batch> {
  return detailView(b, fields, {
    // The error line only when there is one.
    show: (f) => f.name !== 'error' || Boolean(b.error?.message),
    alsoKnown: ['object', 'completion_window'],
    sections: withResults
      ? [
          {
            title: 'Results',
            key: 'result',
            headers: ['CUSTOM ID', 'STATUS', 'FINISH', 'TOKENS', 'ERROR TYPE'],
            rows: (b.results ?? []).map(resultRow),
          },
        ]
      : [],
  });
}
