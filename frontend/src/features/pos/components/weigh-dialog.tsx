import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gramsFromKg, type TillProductDto } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';

/** The weight of a product sold by weight, typed in kilograms with up to 3 decimals (a scale's label is read instead when scanned). */
export function WeighDialog({
  product,
  onWeighed,
  onClose,
}: {
  product: TillProductDto;
  onWeighed: (grams: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const name = (i18n.language === 'ku' && product.name.ku) || product.name.en;
  const confirm = () => {
    const grams = gramsFromKg(text);
    if (grams === null || grams > 1_000_000) return setInvalid(true);
    onWeighed(grams);
  };
  return (
    <Modal
      title={t('pos.weighTitle', { name })}
      onClose={onClose}
      onEnter={confirm}
      testId="weigh-dialog"
      footer={<DialogActions onCancel={onClose} onConfirm={confirm} confirmLabel={t('pos.addWeighed')} confirmTestId="weigh-confirm" />}
    >
      <label className="field">
        <span>{t('pos.weightKg')}</span>
        <input
          inputMode="decimal"
          value={text}
          data-testid="weigh-kg"
          aria-invalid={invalid}
          onChange={(e) => {
            setText(e.target.value);
            setInvalid(false);
          }}
        />
      </label>
      {invalid && (
        <p className="error-text small" role="alert">
          {t('pos.weightInvalid')}
        </p>
      )}
    </Modal>
  );
}
