// How `interns wait` reads the interns it waits for at each poll: a GET per intern, or the list
// (filtered by workspace, and by status when every condition is status=S and every awaited
// intern's status is known) plus GETs for those it did not show, whichever cost fewer requests at
// the last list read (before it, a page per 500); a tie goes to the exact GETs. 1,000 of 1,000: 2 a poll.
import { routes } from '../../api/routes.js';
import { Intern } from '../../api/schemas/intern.js';
import { INTERN_PAGE, INTERN_STATUSES, MAX_STATUS_FILTERS } from '../../api/vocabulary.js';
import { GwctlError, reworded } from '../../core/errors.js';
import type { Deps } from '../context.js';
import { fetchChecked } from './fetch.js';
import { isInternGone } from './gone.js';
import { readInterns } from './intern-list.js';
import { CONCURRENCY, runBounded } from '../../core/concurrency.js';

/** What is known of one intern: its last state read, or that it is gone. */
export interface Watched {
  id: string;
  intern?: Intern;
  gone: boolean;
  met: boolean;
}

export interface ReaderOptions {
  deps: Deps;
  /** Waiting for deletion: the intern's own 404 means done rather than failure. */
  forDelete: boolean;
  /** The conditions' statuses when every one is status=S; undefined with status!=S or delete (the list is then unfiltered by status). */
  wantedStatuses: readonly string[] | undefined;
  /** The workspace the interns were selected in, if any. */
  workspace?: string;
  meets: (w: Watched) => boolean;
}

const KNOWN: ReadonlySet<string> = new Set(INTERN_STATUSES);

export class WaitReader {
  /** Requests the last list read cost (pages plus GETs of the interns it missed); undefined before the first. */
  private listCost: number | undefined;
  /** Requests the last poll sent, for tests and --debug readers. */
  lastRequests = 0;
  /** More than one intern is awaited: a failure names the intern it is about. */
  private many = false;

  constructor(private readonly options: ReaderOptions) {}

  /** Reads every intern not yet done and updates what is known of it. */
  async poll(watched: readonly Watched[]): Promise<void> {
    const open = watched.filter((w) => !w.met);
    this.many = watched.length > 1;
    if (this.listEstimate(open.length) < open.length) await this.byList(open);
    else await this.byGets(open);
    for (const w of open) w.met = this.options.meets(w);
  }

  private listEstimate(awaited: number): number {
    return this.listCost ?? Math.ceil(awaited / INTERN_PAGE.max);
  }

  private async byGets(open: readonly Watched[]): Promise<void> {
    this.lastRequests = open.length;
    await this.getEach(open);
  }

  private async byList(open: readonly Watched[]): Promise<void> {
    const { items, pages } = await readInterns(this.options.deps, { statuses: this.statusFilter(open), workspace: this.options.workspace });
    const byId = new Map(items.map((i) => [i.id, i]));
    const missed: Watched[] = [];
    for (const w of open) {
      const found = byId.get(w.id);
      if (found) w.intern = found;
      else missed.push(w);
    }
    await this.getEach(missed);
    this.listCost = pages + missed.length;
    this.lastRequests = this.listCost;
  }

  /** The statuses to list, or undefined for every status. */
  private statusFilter(open: readonly Watched[]): string[] | undefined {
    const { wantedStatuses } = this.options;
    if (wantedStatuses === undefined || open.some((w) => w.intern === undefined)) return undefined;
    const wanted = new Set([...wantedStatuses, ...open.map((w) => w.intern!.status)]);
    // A status the list filter does not take (an alias, one this version does not know) reads unfiltered.
    if ([...wanted].some((s) => !KNOWN.has(s)) || wanted.size >= Math.min(MAX_STATUS_FILTERS, KNOWN.size)) return undefined;
    return [...wanted];
  }

  private async getEach(targets: readonly Watched[]): Promise<void> {
    const { deps, forDelete } = this.options;
    await runBounded(
      targets.length,
      CONCURRENCY.default,
      async (i) => {
        const w = targets[i]!;
        try {
          w.intern = (await fetchChecked(deps, routes.internsGet, { params: { id: w.id } }, Intern)).data;
        } catch (error) {
          if (!(error instanceof GwctlError)) throw error;
          if (forDelete && isInternGone(error)) {
            w.gone = true;
            return;
          }
          // Among several interns, the one the failure is about: "Intern not found" alone names none.
          throw this.many ? reworded(error, `${error.message} (intern ${w.id})`) : error;
        }
      },
      () => false,
    );
  }
}
