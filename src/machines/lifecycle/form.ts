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
    /**
     * A file picked from the computer (an image of a document, a receipt); its value is the File or
     * undefined (PREPARING_IMAGE while a photo over the limit is made smaller). `capture`: a phone
     * opens its camera on that side (a receipt: 'environment', the back camera); a desktop ignores it.
     */
    | { kind: 'file'; accept: readonly string[]; capture?: 'environment' | 'user' }
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

/**
 * A request of another row of the same table sent after the row's own was done, its payload from
 * this one's ("Reportar entrega" of a pickup: the receipt's photo goes up once the delivery stands).
 * Its own request and its own action log; the chart is asked about it only by the server, when it
 * is sent (the row's own move has taken the entity where it is accepted). Its failure does not undo
 * the row's own change: the result says what was done and what was not.
 */
export interface FormAfter<TPayload, TSubject> {
  /** The other row's event (a row of its own too: a retry). */
  event: string;
  /** That row's payload, from this one's; null when there is nothing to send after. */
  payload(payload: TPayload): unknown;
  /** The result's text when the row's own change was done and the step failed (`reason`: the failure's Spanish message). */
  failed(subject: TSubject, reason: string): string;
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
  /** A request sent after the row's own was done. */
  after?: FormAfter<TPayload, TSubject>;
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
  return step.merge(payload, (await send(stepRow(rows, step.event), first)) as never);
}

/**
 * What follows a row's own request once it was done, when its form names an after step: the
 * step's row (of the same table) sent with its payload from the row's; nothing when the step has
 * no payload. Answers null when nothing is to be said, or, when the step failed (the network, a
 * refusal), the step's own text of what was done and what was not: the row's change stands.
 */
export async function followed<TPayload, TSubject>(
  form: { after?: FormAfter<TPayload, TSubject> } | undefined,
  rows: readonly { event: string }[],
  payload: TPayload,
  subject: TSubject,
  send: (row: never, payload: unknown) => Promise<unknown>,
  reason: (error: unknown) => string,
): Promise<string | null> {
  const step = form?.after;
  if (!step) return null;
  const next = step.payload(payload);
  if (next === null) return null;
  const row = stepRow(rows, step.event);
  try {
    await send(row, next);
    return null;
  } catch (error) {
    return step.failed(subject, reason(error));
  }
}

/** The row of a form's step, among its table's rows. */
function stepRow(rows: readonly { event: string }[], event: string): never {
  const row = rows.find((r) => r.event === event);
  if (!row) throw new Error(`no row ${event} for a step`);
  return row as never;
}

/**
 * A file field's value while the photo picked is being made smaller (src/ui/images.ts): not a
 * file to send. The action flow refuses the form while one of its fields holds it.
 */
export const PREPARING_IMAGE: { readonly preparing: true } = Object.freeze({ preparing: true });

/** Whether a form's file field still holds a photo being made smaller. */
export function preparingImage(form: { fields: readonly { kind: string; name: string }[] }, value: unknown): boolean {
  const typed = value as Readonly<Record<string, unknown>> | null;
  return form.fields.some((field) => field.kind === 'file' && typed?.[field.name] === PREPARING_IMAGE);
}

/** A form's title, as the dialog shows it. */
export function titleOf<TContext, TSubject>(form: { title: FormSpec<never, unknown, TContext, TSubject>['title'] }, context: TContext, subject: TSubject): string {
  return typeof form.title === 'string' ? form.title : form.title(context, subject);
}

/** The Spanish options of a list of codes. */
export const optionsOf = (values: readonly (string | number)[], label: (value: string) => string = (value) => value): FieldOption[] =>
  values.map((value) => ({ value: String(value), label: label(String(value)) }));
