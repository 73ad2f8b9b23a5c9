// A detail view in one style: fields declared once by API name (label, human cell, raw value), then
// every field the API sent that no view reads, as sent; the known fields are derived, not listed by hand.
import { inline } from '../../output/cells.js';
import { rawOf, type NamedColumn } from '../../output/columns.js';
import type { FieldsView, Section } from '../../output/printer.js';

/** A detail's fields by name, for views that are not a spec's columns. */
export type FieldViews<T> = Readonly<Record<string, Omit<NamedColumn<T>, 'name'>>>;

/** The views as named fields, in the order written. */
export function fieldsOf<T>(views: FieldViews<T>): NamedColumn<T>[] {
  return Object.entries(views).map(([name, view]) => ({ name, ...view }));
}

export interface DetailOptions<T> {
  /** Whether a declared field shows for this item (default: all do). */
  show?: (field: NamedColumn<T>) => boolean;
  /** The fields are the spec's columns (and its resource's fields): --columns and --header pick from them. */
  pickable?: boolean;
  /** Fields read elsewhere (a section) or deliberately not shown: not repeated as unknown. */
  alsoKnown?: readonly string[];
  sections?: readonly Section<T>[];
  /** Show the fields no view reads (default true); false for a summary of the command's own making. */
  unknown?: boolean;
}

export function detailView<T extends object>(item: T, fields: readonly NamedColumn<T>[], options: DetailOptions<T> = {}): FieldsView<T> {
  // Fields shown only when --columns names them (byDefault false) are not part of the view.
  const declared = fields.filter((f) => f.byDefault !== false);
  const known = new Set([...declared.flatMap((f) => f.uses ?? [f.name]), ...(options.alsoKnown ?? [])]);
  const shown = options.show ? declared.filter(options.show) : declared;
  return {
    kind: 'fields',
    item,
    fields: options.unknown === false ? shown : [...shown, ...unknownFields(item, known)],
    ...(options.pickable ? { columns: fields } : {}),
    ...(options.sections ? { sections: options.sections } : {}),
  };
}

/** Fields of the resource this version of gwctl does not know: shown as sent. */
function unknownFields<T extends object>(item: T, known: ReadonlySet<string>): NamedColumn<T>[] {
  return Object.keys(item)
    .filter((key) => !known.has(key))
    .map((key) => ({
      name: key,
      header: key,
      value: (i: T) => inline((i as Record<string, unknown>)[key]),
      raw: (i: T) => rawOf((i as Record<string, unknown>)[key]),
    }));
}
