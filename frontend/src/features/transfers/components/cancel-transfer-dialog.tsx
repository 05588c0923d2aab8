import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchDto, TransferDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCancelTransferMutation } from '../api/transfers-api.js';
import { branchName } from '../lib/use-chain.js';

interface Props {
  transfer: TransferDto;
  branches: readonly BranchDto[];
  onClose: () => void;
}

/** Asks before calling a transfer back; the server's refusal (received meanwhile, another branch) shows in the dialog. */
export function CancelTransferDialog({ transfer, branches, onClose }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const [cancel, { isLoading }] = useCancelTransferMutation();
  const [error, setError] = useState<string | null>(null);
  const from = branchName(branches, transfer.fromBranch);
  const to = branchName(branches, transfer.toBranch);

  async function submit() {
    if (isLoading) return;
    setError(null);
    try {
      const { data } = await cancel(transfer._id).unwrap();
      toast.success(t('transfers.cancelDialog.cancelled', { number: data.number, from }));
      onClose();
    } catch (err) {
      setError(errorText(err, t('transfers.cancelDialog.error')));
    }
  }

  return (
    <Modal
      title={t('transfers.cancelDialog.title', { number: transfer.number })}
      onClose={() => !isLoading && onClose()}
      testId="cancel-transfer-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={t('transfers.cancelDialog.submit')}
          busy={isLoading}
          busyLabel={t('transfers.cancelDialog.cancelling')}
          danger
          confirmTestId="cancel-confirm"
        />
      }
    >
      <p>{t('transfers.cancelDialog.message', { from, to })}</p>
      <ul className="plain-list">
        {transfer.lines.map((l) => (
          <li key={l.productId}>
            {f.language === 'ku' ? l.name.ku || l.name.en : l.name.en}: {t('transfers.unitsSent', { sent: f.number(l.sent) })}
          </li>
        ))}
      </ul>
      {error && (
        <p className="form-error" role="alert" data-testid="cancel-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
