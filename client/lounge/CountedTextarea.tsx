import type { ReactNode, Ref, TextareaHTMLAttributes } from "react";
import { TextArea } from "../components/Field";
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
  const over = value.trim().length > max;
  return (
    <TextArea
      {...inputProps}
      label={label}
      fieldClass={children ? "mention-anchor" : undefined}
      ref={ref}
      value={value}
      rows={rows}
      placeholder={placeholder}
      disabled={disabled}
      invalid={over}
      counter={{ text: TEXT.lounge.counter(value.length, max), over }}
      after={children}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** docs/spec.md §5: required, non-blank after trim, at most `max` characters. */
export const isValidText = (value: string, max: number) => value.trim().length > 0 && value.trim().length <= max;
