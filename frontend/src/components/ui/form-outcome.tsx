/**
 * Below or above a form: the server's refusal, or the success message (with `note`, e.g. the return to the list).
 * `testId` names both: `${testId}-error` and `${testId}-success`.
 */
export function FormOutcome({
  error,
  success,
  note,
  testId = 'form',
}: {
  error: string | null;
  success: string | null;
  note?: string;
  testId?: string;
}) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      {success &&
        (note ? (
          <div className="form-success" role="status" data-testid={`${testId}-success`}>
            <p>{success}</p>
            <p className="small">{note}</p>
          </div>
        ) : (
          <p className="form-success" role="status" data-testid={`${testId}-success`}>
            {success}
          </p>
        ))}
    </>
  );
}
