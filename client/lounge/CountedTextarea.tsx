import { type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from "react";
import { TEXT } from "../text";

/** A labelled textarea with the live 'n/max characters' counter (announced to assistive tech on change). */
export function CountedTextarea({
  label,
  value,
  max,
  onChange,
  placeholder,
  rows = 5,
  ref,
  disabled,
  inputProps,
  children,
}: {
  label: string;
  value: string;
  max: number;
  onChange(value: string): void;
  placeholder?: string;
  rows?: number;
  ref?: Ref<HTMLTextAreaElement>;
  disabled?: boolean;
  /** More attributes for the textarea (the @mention autocomplete's combobox attributes and keys). */
  inputProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
  /** Shown after the textarea, inside the field (the @mention suggestions). */
  children?: ReactNode;
}) {
  const id = useId();
  const over = value.trim().length > max;
  return (
    <div className={children ? "field mention-anchor" : "field"}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...inputProps}
        ref={ref}
        id={id}
        className="textarea"
        value={value}
        rows={rows}
        placeholder={placeholder}
        disabled={disabled}
        aria-describedby={`${id}-counter`}
        aria-invalid={over || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
      <div id={`${id}-counter`} className={over ? "counter over" : "counter"}>
        {TEXT.lounge.counter(value.length, max)}
      </div>
    </div>
  );
}

/** docs/spec.md §5: required, non-blank after trim, at most `max` characters. */
export const isValidText = (value: string, max: number) => value.trim().length > 0 && value.trim().length <= max;
