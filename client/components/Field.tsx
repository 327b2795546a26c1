// One labelled form field: the label tied to its control, and the hint, error and counter that describe it.
// `TextField`, `TextArea` and `Select` are the field with its usual control; `Field` alone takes any control
// (a `<progress>`) through its render function.
import { type ComponentPropsWithRef, type ReactNode, useId } from "react";

/** What a control needs from its field: its id, what describes it, whether it is invalid. */
export type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

export type FieldParts = {
  label: ReactNode;
  /** The control's id; one from `useId` when not given. */
  id?: string;
  /** A line under the control that describes it. */
  hint?: ReactNode;
  /** The hint's class ("hint" unless said). */
  hintClass?: string;
  /** This field's own error, under the control; it describes the control and marks it invalid. */
  error?: ReactNode;
  /** Marks the control invalid without an error line (a value out of range, a text over its limit). */
  invalid?: boolean;
  /** A counter under the control ("12/500 characters"), red when `over`. */
  counter?: { text: ReactNode; over?: boolean };
  /** More classes on the field ("share-link"). */
  fieldClass?: string;
  /** Shown inside the field right after the control, before its lines (a datalist, suggestions, a status). */
  after?: ReactNode;
};

/** The field around a control given by `children`, which receives the control's id and descriptions. */
export function Field({
  label,
  id: givenId,
  hint,
  hintClass = "hint",
  error,
  invalid,
  counter,
  fieldClass,
  after,
  children,
}: FieldParts & { children(control: ControlProps): ReactNode }) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hasHint = hint != null && hint !== false && hint !== "";
  const hasError = error != null && error !== false && error !== "";
  const describedBy =
    [hasHint && `${id}-hint`, hasError && `${id}-error`, counter && `${id}-counter`].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={fieldClass ? `field ${fieldClass}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": invalid || hasError || undefined })}
      {after}
      {hasHint && (
        <span id={`${id}-hint`} className={hintClass}>
          {hint}
        </span>
      )}
      {hasError && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      {counter && (
        <div id={`${id}-counter`} className={counter.over ? "counter over" : "counter"}>
          {counter.text}
        </div>
      )}
    </div>
  );
}

/** Keeps the field's parts apart from the control's own attributes. */
function split<P extends FieldParts>(props: P) {
  const { label, id, hint, hintClass, error, invalid, counter, fieldClass, after, ...control } = props;
  return [{ label, id, hint, hintClass, error, invalid, counter, fieldClass, after }, control] as const;
}

/** The field's attributes for the control, after a description the control brings of its own. */
const wire = (own: string | undefined, control: ControlProps): ControlProps => ({
  ...control,
  "aria-describedby": [own, control["aria-describedby"]].filter(Boolean).join(" ") || undefined,
});

type Addon = {
  /** Beside the input, in one row with it (a Copy button, a spinner). */
  addon?: ReactNode;
  /** The row's class ("row" unless said). */
  addonClass?: string;
};

/** A labelled `<input>` (class "input" unless said); every other prop goes to the input. */
export function TextField(props: FieldParts & Addon & Omit<ComponentPropsWithRef<"input">, "id" | "children">) {
  const [field, { addon, addonClass = "row", className = "input", ...input }] = split(props);
  return (
    <Field {...field}>
      {(control) => {
        const element = <input className={className} {...input} {...wire(input["aria-describedby"], control)} />;
        return addon === undefined ? (
          element
        ) : (
          <div className={addonClass}>
            {element}
            {addon}
          </div>
        );
      }}
    </Field>
  );
}

/** A labelled `<textarea>` (class "textarea" unless said); every other prop goes to the textarea. */
export function TextArea(props: FieldParts & Omit<ComponentPropsWithRef<"textarea">, "id" | "children">) {
  const [field, { className = "textarea", ...textarea }] = split(props);
  return (
    <Field {...field}>
      {(control) => <textarea className={className} {...textarea} {...wire(textarea["aria-describedby"], control)} />}
    </Field>
  );
}

type Choices<T extends string> = {
  /** Options by value, after any `children`; each shows its `optionLabels` entry, else the value itself. */
  options?: readonly T[];
  optionLabels?: Readonly<Partial<Record<NoInfer<T>, string>>>;
  /** The chosen value, typed as one of `options`. */
  onValue?(value: NoInfer<T>): void;
};

/**
 * A labelled `<select>` (class "select" unless said: some are "select input"), its options as `children`
 * or as `options`; every other prop goes to the select.
 */
export function Select<T extends string = string>(
  props: FieldParts &
    Choices<T> & { value?: NoInfer<T> | (string extends T ? number : never) } & Omit<
      ComponentPropsWithRef<"select">,
      "id" | "value"
    >,
) {
  const [field, { className = "select", children, options, optionLabels, onValue, onChange, ...select }] = split(props);
  return (
    <Field {...field}>
      {(control) => (
        <select
          className={className}
          {...select}
          {...wire(select["aria-describedby"], control)}
          onChange={(e) => {
            onChange?.(e);
            onValue?.(e.target.value as T);
          }}
        >
          {children}
          {options?.map((o) => (
            <option key={o} value={o}>
              {optionLabels?.[o] ?? o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
