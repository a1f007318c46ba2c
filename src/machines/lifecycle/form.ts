/** What a form's check answers: the payload (and the question to confirm it) or the first failing rule's Spanish message. */
export type Validation<TPayload> = { ok: true; payload: TPayload; question?: string } | { ok: false; message: string };

/**
 * A row's form, declared beside its chart: the fields it asks (from a small vocabulary the
 * console's one form dialog draws, src/ui/row-form.tsx), the value it opens with (read from the
 * chart's context and the row's subject) and the check that turns what was typed into the row's
 * payload (the contract's valibot schema and its Spanish messages). Pure: no React, so the table,
 * the screen and the tests read the same form.
 */

export interface FieldOption {
  value: string;
  label: string;
}

/** Fields the screen draws itself: a catalogue read when the form opens (src/ui/form-widgets.tsx). */
export type FormWidget = 'whatsappTemplate' | 'topupOffer';

interface FieldBase<TForm> {
  /** The form's key the field edits. */
  name: keyof TForm & string;
  /** The Spanish label (the field's accessible name). */
  label: string;
  /** The end of the field's id after the form's stem (its name by default); '' for the stem itself. */
  id?: string;
  /** The columns it spans in the form's grid. */
  span?: 2 | 3 | 4;
  /** Shown only while this holds of what is typed. */
  when?: (form: TForm) => boolean;
}

export type FormField<TForm, TContext = unknown> = FieldBase<TForm> &
  (
    | {
        kind: 'text';
        type?: 'date' | 'email';
        inputMode?: 'numeric' | 'decimal' | 'tel';
        /** Shown, not typed (the fixed 53 of a Cubacel number). */
        readOnly?: boolean;
      }
    | {
        kind: 'textarea';
        rows: number;
        /** Characters typed against a limit (an SMS), shown under the text while `when` holds. */
        counter?: { max: number; text: (typed: number, max: number) => string; when: (form: TForm) => boolean };
      }
    | {
        kind: 'select';
        options: readonly FieldOption[];
        /** The label of the empty choice; omit for a required choice. */
        emptyLabel?: string;
        /** What else a choice changes (a channel brings its address). */
        onChange?: (value: string, form: TForm, context: TContext) => Partial<TForm>;
      }
    | { kind: 'checkbox' }
    /** Several choices ticked at once (a list of names). */
    | { kind: 'checkboxes'; options: readonly FieldOption[] }
    | { kind: 'widget'; widget: FormWidget }
    /** A file picked from the computer (an image of a document, a receipt); its value is the File or undefined. */
    | { kind: 'file'; accept: readonly string[] }
  );

export interface FormSpec<TForm, TPayload, TContext, TSubject> {
  /** The dialog's title. */
  title: string;
  /** A line under the title (what the form changes: the current provider), from what it reads. */
  description?: (context: TContext, subject: TSubject) => string;
  /** The stem of its fields' ids, unique on the page (`credit-12`). */
  id: (subject: TSubject) => string;
  /** Its grid's columns (1: one field under another). */
  columns?: 1 | 2 | 4;
  fields: readonly FormField<TForm, TContext>[];
  /** The form as it opens, from the chart's context and the row's subject. */
  initial: (context: TContext, subject: TSubject) => TForm;
  /** The first failing rule's Spanish message, or the row's payload. */
  validate: (form: TForm, context: TContext, subject: TSubject) => Validation<TPayload>;
}

/** A row's form, whatever its value's shape: what the row and the dialog see. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RowForm<TContext = any, TSubject = any, TPayload = any> = FormSpec<any, TPayload, TContext, TSubject>;

/** A form typed by what it reads (the chart's context, the row's subject); its value and payload are inferred. */
export function formOf<TContext, TSubject>() {
  return <TForm extends object, TPayload>(spec: FormSpec<TForm, TPayload, TContext, TSubject>) => spec;
}

/** The Spanish options of a list of codes. */
export const optionsOf = (values: readonly (string | number)[], label: (value: string) => string = (value) => value): FieldOption[] =>
  values.map((value) => ({ value: String(value), label: label(String(value)) }));
