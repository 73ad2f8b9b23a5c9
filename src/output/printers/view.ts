// A detail as the two forms that show views print it (piped rows and the terminal). They differ
// only in how they print a resource's fields and which text of a text view they take; a list
// already here prints as a list of one page, and a body as --json prints it.
import type { Io } from '../../core/io.js';
import type { Detail, FieldsView, ListOutput, ListView, TextView } from '../printer.js';
import { bodyText } from './text.js';

/** What a form that shows views gives for one detail. */
export interface ViewForm<T> {
  io: Io;
  /** The text of a text view this form prints. */
  text: keyof Omit<TextView, 'kind'>;
  fields(view: FieldsView<T>): Promise<void>;
  list(view: ListView<T>): ListOutput<T>;
}

export async function printView<T>(detail: Detail<T>, form: ViewForm<T>): Promise<void> {
  const { view } = detail;
  switch (view.kind) {
    case 'fields':
      return form.fields(view);
    case 'rows': {
      const out = form.list(view);
      await out.page(view.items);
      return out.end({});
    }
    case 'text':
      return form.io.out(view[form.text]);
    case 'body':
      return form.io.out(bodyText(detail.body));
  }
}
