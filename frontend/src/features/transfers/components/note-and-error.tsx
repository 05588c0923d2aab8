/** A dialog's optional note and, below it, why the server refused (data-testid `<testId>-note` and `<testId>-error`). */
export function NoteAndError({
  label,
  note,
  onNote,
  error,
  testId,
}: {
  label: string;
  note: string;
  onNote: (note: string) => void;
  error: string | null;
  testId: string;
}) {
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <textarea value={note} maxLength={500} onChange={(e) => onNote(e.target.value)} dir="auto" data-testid={`${testId}-note`} />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </>
  );
}
