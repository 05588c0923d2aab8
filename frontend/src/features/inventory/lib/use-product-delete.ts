import { useEffect, useEffectEvent, useState } from 'react';
import { DELETE_MODAL_CLOSE_MS, type ProductDto } from '@dukan/contracts';
import { useInventoryDeleteProductMutation } from '../api/inventory-api.js';

/** Deleting a product from the list: the product asked about, the request, and the dialog closing after a success. */
export function useProductDelete(onDeleted: (id: string) => void) {
  const [target, setTarget] = useState<ProductDto | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [removeProduct, removal] = useInventoryDeleteProductMutation();

  // After a deletion the dialog closes by itself a moment later.
  const closeLater = useEffectEvent(() => close());
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(closeLater, DELETE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  function close() {
    setTarget(null);
    setDeleted(false);
    removal.reset();
  }

  async function confirm() {
    if (!target) return;
    try {
      await removeProduct(target._id).unwrap();
      setDeleted(true);
      onDeleted(target._id);
    } catch {
      /* shown in the dialog */
    }
  }

  return { target, ask: setTarget, deleted, request: removal, confirm, close };
}
