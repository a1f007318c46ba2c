import { lazy, Suspense, useEffect, useEffectEvent, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import type { FormField, RowForm } from '@/machines/lifecycle/form';
import { imageFieldMachine, type ImageFieldValue } from '@/machines/ui/image-field.machine';
import { ImageMsg } from '@/domain/images';
import { CheckboxField, InputField, SelectField, TextAreaField } from './fields';
import { fitImage, pickImage } from './images';
import { PlaceFields } from './place-fields';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/**
 * The fields a form declares by name (form-widgets.tsx) load with the first form that draws one
 * (issue 26): every page that offers a form would otherwise carry their texts and reads before its first paint.
 */
const FormWidgetField = lazy(async () => ({ default: (await import('./form-widgets')).FormWidgetField }));

/** The grid classes of a form's columns and a field's span (written out whole for Tailwind). */
const GRID = { 1: 'space-y-3', 2: 'grid grid-cols-2 gap-3', 4: 'grid grid-cols-4 gap-3' } as const;
const SPAN = { 2: 'col-span-2', 3: 'col-span-3', 4: 'col-span-4' } as const;

type Value = Readonly<Record<string, unknown>>;

/** The lines under a form's title: its warning (an expired offer), then what it changes; undefined when it says nothing. */
export function formDescription(form: RowForm, context: unknown, subject: unknown): ReactNode {
  const warning = form.warning?.(context, subject) ?? null;
  const description = form.description?.(context, subject);
  if (warning === null) return description;
  return (
    <>
      <strong className="block text-amber-800">{warning}</strong>
      {description}
    </>
  );
}

/** Whether the chart accepts an event now from this staff member (the choices a select offers). */
type Accepts = (event: { type: string } & Record<string, unknown>) => boolean;

interface FieldsProps {
  form: RowForm;
  value: Value;
  change: (patch: Value) => void;
  context: unknown;
  subject: unknown;
  /** The chart as it stands: a select's choices whose event it refuses are not offered. */
  accepts?: Accepts;
}

/**
 * The fields of a row's form (`row.form`, declared beside its chart), drawn from its vocabulary:
 * every field labelled, its id the form's stem and its own end, shown while its `when` holds.
 */
export function RowFormFields({ form, subject, ...rest }: FieldsProps) {
  return <FormFields fields={form.fields} stem={form.id(subject)} columns={form.columns ?? 1} {...rest} />;
}

/** Fields of the vocabulary under one id stem, in a grid of `columns` (a part of a form: an address). */
export function FormFields({ fields, stem, columns, value, change, context, accepts = () => true }: Omit<FieldsProps, 'form' | 'subject' | 'value'> & { fields: RowForm['fields']; stem: string; columns: 1 | 2 | 4; value: object }) {
  return (
    <div className={GRID[columns]}>
      {fields
        .filter((field) => !field.when || field.when(value as Value, context))
        .map((field, n) => (
          // Two fields may edit one value, each shown in its case (a phone or a Nauta account).
          <RowField key={`${field.name}-${n}`} field={field} stem={stem} value={value as Value} change={change} context={context} accepts={accepts} />
        ))}
    </div>
  );
}

function RowField({ field, stem, value, change, context, accepts }: { field: FormField<Value>; stem: string; value: Value; change: (patch: Value) => void; context: unknown; accepts: Accepts }) {
  const id = field.id === '' ? stem : `${stem}-${field.id ?? field.name}`;
  const className = field.span ? SPAN[field.span] : '';
  const text = String(value[field.name] ?? '');
  const set = (next: unknown) => change({ [field.name]: next });
  switch (field.kind) {
    case 'text':
      return (
        <InputField
          id={id}
          className={className}
          label={field.label}
          value={text}
          {...(field.type ? { type: field.type } : {})}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
          {...(field.readOnly ? { readOnly: true } : { autoComplete: 'off', onChange: (e) => set(e.target.value) })}
          // A number field must not change under the mouse wheel.
          {...(field.inputMode === 'numeric' || field.inputMode === 'decimal' ? { onWheel: (e) => e.currentTarget.blur() } : {})}
        />
      );
    case 'textarea': {
      const counter = field.counter && field.counter.when(value) ? field.counter : null;
      return (
        <div className={className}>
          <TextAreaField id={id} label={field.label} rows={field.rows} {...(field.maxLength ? { maxLength: field.maxLength } : {})} value={text} onChange={(e) => set(e.target.value)} />
          {counter ? <p className={`mt-1 text-xs ${text.length > counter.max ? 'text-red-700' : 'text-slate-500'}`}>{counter.text(text.length, counter.max)}</p> : null}
        </div>
      );
    }
    case 'select':
      return (
        <SelectField
          id={id}
          className={className}
          label={field.label}
          value={text}
          options={field.accepted ? field.options.filter((o) => accepts(field.accepted!(o.value))) : field.options}
          {...(field.emptyLabel === undefined ? {} : { emptyLabel: field.emptyLabel })}
          onChange={(e) => change({ [field.name]: e.target.value, ...field.onChange?.(e.target.value, value, context) })}
        />
      );
    case 'radio':
      return (
        <fieldset className={`space-y-1 ${className}`}>
          <legend className="text-sm font-medium text-slate-800">{field.label}</legend>
          {field.options.map((o) => {
            const choice = `${id}-${o.value}`;
            const reason = field.refused?.(o.value, context) ?? null;
            return reason === null ? (
              <label key={o.value} htmlFor={choice} className="flex items-center gap-2 text-sm">
                <input id={choice} type="radio" name={id} value={o.value} checked={text === o.value} onChange={() => set(o.value)} />
                {o.label}
              </label>
            ) : (
              <RefusedChoice key={o.value} id={choice} type="radio" name={id} label={o.label} checked={text === o.value} reason={reason} />
            );
          })}
        </fieldset>
      );
    case 'checkbox':
      return wrap(className, <CheckboxField id={id} label={field.label} checked={value[field.name] === true} onChange={set} />);
    case 'checkboxes': {
      const ticked = (value[field.name] ?? []) as readonly string[];
      return (
        <div className={`grid max-h-80 grid-cols-2 gap-2 overflow-y-auto ${className}`}>
          {field.options.map((o) => {
            const choice = `${id}-${o.value.replace(/\W/g, '-')}`;
            const reason = field.refused?.(o.value, context) ?? null;
            return reason === null ? (
              <CheckboxField key={o.value} id={choice} label={o.label} checked={ticked.includes(o.value)} onChange={(on) => set(on ? [...ticked, o.value] : ticked.filter((x) => x !== o.value))} />
            ) : (
              <RefusedChoice key={o.value} id={choice} type="checkbox" name={choice} label={o.label} checked={ticked.includes(o.value)} reason={reason} />
            );
          })}
        </div>
      );
    }
    case 'file':
      return <ImageFileField id={id} className={className} label={field.label} accept={field.accept} capture={field.capture} set={set} />;
    case 'place': {
      const { municipality, names } = field;
      return wrap(
        className,
        <PlaceFields
          idPrefix={id}
          productType={field.productType}
          value={{ provinceCode: text, municipalityCode: String(value[municipality] ?? '') }}
          onChange={(place) =>
            change({ [field.name]: place.provinceCode, [municipality]: place.municipalityCode, ...(names ? { [names.province]: place.province, [names.municipality]: place.municipality } : {}) })
          }
        />,
      );
    }
    case 'widget':
      return wrap(
        className,
        <Suspense fallback={<Spinner label={t.app.loading} />}>
          <FormWidgetField widget={field.widget} name={field.name} stem={stem} id={id} label={field.label} value={value} change={change} />
        </Suspense>,
      );
  }
}

/** The image field's chart with the browser's shrinking (one for every image field: it holds nothing of its own). */
const imageFieldLogic = imageFieldMachine.provide({ actors: { shrink: fromPromise(({ input }) => fitImage(input.file)) } });

/**
 * An image's file field, on the image-field chart (src/machines/ui/image-field.machine.ts): a photo
 * over the limit is made smaller before it becomes the form's value (src/ui/images.ts `fitImage`);
 * meanwhile the field says so (politely, to a screen reader too) and holds PREPARING_IMAGE, which
 * the action flow refuses to send. A photo picked again, or the form closed, drops the one under
 * way. The form gets every value the chart settles on.
 */
function ImageFileField({ id, className, label, accept, capture, set }: { id: string; className: string; label: string; accept: readonly string[]; capture: 'environment' | 'user' | undefined; set: (next: unknown) => void }) {
  const field = useActorRef(imageFieldLogic);
  const shrinking = useSelector(field, (s) => s.matches('preparing'));
  const settle = useEffectEvent((value: ImageFieldValue) => set(value));
  useEffect(() => {
    const heard = field.on('image.value', ({ value }) => settle(value));
    return () => heard.unsubscribe();
  }, [field]);
  const status = `${id}-status`;
  return (
    <div className={className}>
      <InputField id={id} label={label} type="file" accept={accept.join(',')} {...(capture ? { capture } : {})} aria-describedby={status} onChange={(e) => field.send({ type: 'image.picked', file: pickImage(e.target.files) })} />
      <p id={status} aria-live="polite" className="mt-1 text-xs text-slate-600">
        {shrinking ? ImageMsg.shrinking : ''}
      </p>
    </div>
  );
}

/**
 * A choice the chart refuses this staff member (`refused` of a checkboxes or radio field): shown as
 * it stands, disabled, with the chart's reason under it, which the choice is described by (read
 * with it by a screen reader).
 */
function RefusedChoice({ id, type, name, label, checked, reason }: { id: string; type: 'checkbox' | 'radio'; name: string; label: string; checked: boolean; reason: string }) {
  return (
    <div className="text-sm">
      <label htmlFor={id} className="flex items-center gap-2 text-slate-500">
        <input id={id} name={name} type={type} className="size-4 rounded border-slate-300" checked={checked} disabled readOnly aria-describedby={`${id}-reason`} />
        {label}
      </label>
      <p id={`${id}-reason`} className="ml-6 text-xs text-slate-600">
        {reason}
      </p>
    </div>
  );
}

const wrap = (className: string, field: ReactNode) => (className ? <div className={className}>{field}</div> : field);
