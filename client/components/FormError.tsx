/**
 * A form's error, announced when it appears (role=alert). Several lines (an AI error's message,
 * details and model) come as a list or as text with line breaks. Nothing renders without an error.
 */
export function FormError({ error }: { error: string | readonly string[] | null | undefined }) {
  if (!error || error.length === 0) return null;
  const lines = typeof error === "string" ? error.split("\n") : error;
  return (
    <div className="alert alert-error form-error" role="alert">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one message's lines, replaced whole.
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
