import { Button } from './button';

/** The end of an action form: the validation message (if any), then cancel and submit. */
export function FormFooter({
  invalidMessage,
  onCancel,
  cancelLabel,
  submitLabel,
}: {
  invalidMessage: string | null;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
}) {
  return (
    <>
      {invalidMessage ? (
        <p role="alert" className="text-sm text-red-700">
          {invalidMessage}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </>
  );
}
