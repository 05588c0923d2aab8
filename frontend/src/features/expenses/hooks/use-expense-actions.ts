import { useTranslation } from 'react-i18next';
import { EXPENSE_TOAST_MS } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useToast } from '../../../components/ui/use-toast.js';
import {
  useExpenseApproveMutation,
  useExpenseDeleteMutation,
  useExpensePayMutation,
  useExpenseRejectMutation,
} from '../api/expenses-api.js';
import { runBulk, type BulkOutcome } from '../lib/bulk.js';

export type SingleAction = 'approve' | 'reject' | 'pay' | 'delete';

const TOASTS: Record<SingleAction, string> = {
  approve: 'expenses.toasts.approved',
  reject: 'expenses.toasts.rejected',
  pay: 'expenses.toasts.paid',
  delete: 'expenses.toasts.deleted',
};
const FAILURES: Record<SingleAction, string> = {
  approve: 'expenses.errors.approve',
  reject: 'expenses.errors.reject',
  pay: 'expenses.errors.pay',
  delete: 'expenses.errors.delete',
};

/** The list's workflow and delete calls, each with its toast (3 s, spec part 2 §9), one at a time or in bulk. */
export function useExpenseActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const [approve] = useExpenseApproveMutation();
  const [reject] = useExpenseRejectMutation();
  const [pay] = useExpensePayMutation();
  const [remove] = useExpenseDeleteMutation();

  const call = (action: SingleAction, id: string, reason = ''): Promise<unknown> => {
    if (action === 'approve') return approve(id).unwrap();
    if (action === 'reject') return reject({ id, reason }).unwrap();
    if (action === 'pay') return pay(id).unwrap();
    return remove(id).unwrap();
  };

  /** One expense; true when it worked. The failure's text is the server's (already in the user's language). */
  const one = async (action: SingleAction, id: string, reason?: string): Promise<{ ok: true } | { ok: false; error: string }> => {
    try {
      await call(action, id, reason);
      toast.success(t(TOASTS[action]), EXPENSE_TOAST_MS);
      return { ok: true };
    } catch (err) {
      const error = errorText(err, t(FAILURES[action]));
      toast.error(error, EXPENSE_TOAST_MS);
      return { ok: false, error };
    }
  };

  /** Every selected expense, reporting each one that failed and why. */
  const many = (action: SingleAction, ids: string[], onProgress: (done: number) => void, reason?: string): Promise<BulkOutcome> =>
    runBulk(
      ids,
      (id) => call(action, id, reason),
      (err) => errorText(err, t(FAILURES[action])),
      onProgress,
    );

  return { one, many };
}
