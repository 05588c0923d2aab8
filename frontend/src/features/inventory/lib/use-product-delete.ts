import { useEffect, useState } from 'react';
import { DELETE_MODAL_CLOSE_MS, type ProductDto } from '@dukan/contracts';
import { useInventoryDeleteProductMutation } from '../api/inventory-api.js';

/** Deleting a product from the list: the product asked about, the request, and the dialog closing after a success. */
export function useProductDelete(onDeleted: (id: string) => void) {
  const [target, setTarget] = useState<ProductDto | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [removeProduct, removal] = useInventoryDeleteProductMutation();

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(close, DELETE_MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
