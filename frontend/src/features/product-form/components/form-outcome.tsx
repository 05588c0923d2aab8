import { useTranslation } from 'react-i18next';

/** Below a product or category form: the server's refusal, or the success message and the return to the list. */
export function FormOutcome({ error, success }: { error: string | null; success: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="form-error" role="alert" data-testid="form-error">
          {error}
        </p>
      )}
      {success && (
        <div className="form-success" role="status" data-testid="form-success">
          <p>{success}</p>
          <p className="small">{t('productForm.success.returning')}</p>
        </div>
      )}
    </>
  );
}
