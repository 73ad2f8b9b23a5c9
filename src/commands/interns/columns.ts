import type { Intern } from '../../api/schemas/intern.js';
import type { Column } from '../../output/cells.js';
import { status } from '../shared/format.js';

export const internColumns: readonly Column<Intern>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'NAME', value: (i) => i.name, flexible: true },
  { header: 'STATUS', value: (i) => status(i.status) },
  { header: 'MODEL', value: (i) => i.model ?? { text: 'workspace default', tone: 'muted' }, flexible: true, optional: true },
  { header: 'HOSTNAME', value: (i) => i.hostname ?? null, flexible: true, optional: true },
  { header: 'AGE', value: (i) => ({ time: i.created_at }) },
];
