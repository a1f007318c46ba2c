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

/**
 * Why the chart refuses a choice to this staff member, read from the chart's context with the
 * function its guard asks (a group carrying a permission they do not hold: `groupBeyond`), or null.
 * A refused choice is still shown, disabled, its reason beside it: the person sees what exists
 * and why it is not theirs to choose, and the server answers the same text for it.
 */
export type ChoiceRefusal<TContext> = (value: string, context: TContext) => string | null;

/** Fields the screen draws itself: a catalogue read when the form opens (src/ui/form-widgets.tsx). */
export type FormWidget = 'whatsappTemplate' | 'topupOffer' | 'courier' | 'smsProvider';

interface FieldBase<TForm, TContext> {
  /** The form's key the field edits. */
  name: keyof TForm & string;
  /** The Spanish label (the field's accessible name). */
  label: string;
  /** The end of the field's id after the form's stem (its name by default); '' for the stem itself. */
  id?: string;
  /** The columns it spans in the form's grid. */
  span?: 2 | 3 | 4;
  /** Shown only while this holds of what is typed (and of the chart's context: a compound payment's second amount). */
  when?: (form: TForm, context: TContext) => boolean;
}

export type FormField<TForm, TContext = unknown> = FieldBase<TForm, TContext> &
  (
    | {
        kind: 'text';
        type?: 'date' | 'email' | 'tel' | 'time' | 'datetime-local';
        inputMode?: 'numeric' | 'decimal' | 'tel';
        /** Shown, not typed (the fixed 53 of a Cubacel number). */
        readOnly?: boolean;
        maxLength?: number;
      }
    | {
        kind: 'textarea';
        rows: number;
        maxLength?: number;
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
        /**
         * The event a choice stands for: only the choices whose event the chart accepts now from
         * this staff member are offered (the statuses "Cambiar estado" may set).
         */
        accepted?: (value: string) => { type: string } & Record<string, unknown>;
      }
    /** One of a few choices, all in sight (the kind of a compensation); the label is the group's. */
    | { kind: 'radio'; options: readonly FieldOption[]; refused?: ChoiceRefusal<TContext> }
    | { kind: 'checkbox' }
    /** Several choices ticked at once (a list of names). */
    | { kind: 'checkboxes'; options: readonly FieldOption[]; refused?: ChoiceRefusal<TContext> }
    | { kind: 'widget'; widget: FormWidget }
    /**
     * Where in Cuba, from the catalogue of a product read when the form opens: the province's code
     * under the field's name, the municipality's under `municipality`, and their names under
     * `names` when the body sends names (a province change takes its first municipality).
     */
    | { kind: 'place'; productType: string; municipality: keyof TForm & string; names?: { province: keyof TForm & string; municipality: keyof TForm & string } }
    /** A file picked from the computer (an image of a document, a receipt); its value is the File or undefined. */
    | { kind: 'file'; accept: readonly string[] }
  );

/**
 * A request of another row of the same table sent before the row's own, whose answer goes into the
 * payload ("Reportar entrega": the receipt's photo goes up first, its URL goes with the delivery).
 */
export interface FormStep<TPayload> {
  /** The other row's event (a hidden row: a step, not a button). */
  event: string;
  /** That row's payload, from this one's; null when there is nothing to send first. */
  payload(payload: TPayload): unknown;
  /** This row's payload with the other's answer in it. */
  merge(payload: TPayload, data: never): TPayload;
}

export interface FormSpec<TForm, TPayload, TContext, TSubject> {
  /** The dialog's title (naming the entity: "Cambiar destino de la recarga 12"). */
  title: string | ((context: TContext, subject: TSubject) => string);
  /** A line under the title (what the form changes: the current provider), from what it reads. */
  description?: (context: TContext, subject: TSubject) => string;
  /** A warning above the description (an expired offer), or null. */
  warning?: (context: TContext, subject: TSubject) => string | null;
  /** The stem of its fields' ids, unique on the page (`credit-12`). */
  id: (subject: TSubject) => string;
  /** Its grid's columns (1: one field under another). */
  columns?: 1 | 2 | 4;
  fields: readonly FormField<TForm, TContext>[];
  /** The form as it opens, from the chart's context and the row's subject. */
  initial: (context: TContext, subject: TSubject) => TForm;
  /** The first failing rule's Spanish message, or the row's payload. */
  validate: (form: TForm, context: TContext, subject: TSubject) => Validation<TPayload>;
  /** A request sent first, whose answer the payload takes. */
  before?: FormStep<TPayload>;
}

/** A row's form, whatever its value's shape: what the row and the dialog see. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RowForm<TContext = any, TSubject = any, TPayload = any> = FormSpec<any, TPayload, TContext, TSubject>;

/** A form typed by what it reads (the chart's context, the row's subject); its value and payload are inferred. */
export function formOf<TContext, TSubject>() {
  return <TForm extends object, TPayload>(spec: FormSpec<TForm, TPayload, TContext, TSubject>) => spec;
}

/**
 * What a row sends: its payload, or, when its form names a step, the payload with the answer of
 * the step's row (of the same table) sent first; nothing is sent first when the step has no payload.
 */
export async function stepped<TPayload>(form: { before?: FormStep<TPayload> } | undefined, rows: readonly { event: string }[], payload: TPayload, send: (row: never, payload: unknown) => Promise<unknown>): Promise<TPayload> {
  const step = form?.before;
  if (!step) return payload;
  const first = step.payload(payload);
  if (first === null) return payload;
  const row = rows.find((r) => r.event === step.event);
  if (!row) throw new Error(`no row ${step.event} for a step`);
  return step.merge(payload, (await send(row as never, first)) as never);
}

/** A form's title, as the dialog shows it. */
export function titleOf<TContext, TSubject>(form: { title: FormSpec<never, unknown, TContext, TSubject>['title'] }, context: TContext, subject: TSubject): string {
  return typeof form.title === 'string' ? form.title : form.title(context, subject);
}

/** The Spanish options of a list of codes. */
export const optionsOf = (values: readonly (string | number)[], label: (value: string) => string = (value) => value): FieldOption[] =>
  values.map((value) => ({ value: String(value), label: label(String(value)) }));
