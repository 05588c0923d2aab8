import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useChain } from '../lib/use-chain.js';

/** The way to a chain's stock transfers from the inventory; a single shop shows nothing. */
export function TransfersLink() {
  const { t } = useTranslation();
  const chain = useChain();
  if (!chain.isChain) return null;
  return (
    <Link className="button" to="/inventory/transfers" data-testid="transfers-link">
      {t('transfers.link')}
    </Link>
  );
}
