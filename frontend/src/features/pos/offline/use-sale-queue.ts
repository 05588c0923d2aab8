import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, validationMessages } from '../../../app/api.js';
import { useAppSelector } from '../../../app/hooks.js';
import { deviceId, readBranch, readRegister } from '../../../app/session.js';
import { currentI18n } from '../../../i18n/index.js';
import { isDefinitiveRefusal } from '../../../lib/idempotency-key.js';
import { useCreateSaleMutation, useReserveInvoiceBlockMutation } from '../api/pos-api.js';
import { tillDb } from '../lib/till-db.js';
import { selectOnline } from '../till-slice.js';
import { keepBlock, LOW_WATER, numbersLeft, takeNumber } from './invoice-numbers.js';
import type { QueuedSale } from './queued-sale.js';
import { enqueue, listQueue, resolveRefused, sendQueue, type NewQueuedSale, type SendOutcome } from './sale-queue.js';

/** The branch a register's block is reserved and used in: the device's, or '' for the user's home branch. */
const blockBranch = () => readBranch() ?? '';

/** How often the till tries to send what it kept while the server was away. */
const SEND_EVERY_MS = 3000;

/**
 * Sales made while the server could not be reached: kept in IndexedDB, sent in order with their own keys as soon as
 * the server answers (also after the tab was closed and opened again), refused ones kept for a manager; and the
 * register's reserved invoice numbers, topped up while online.
 */
export function useSaleQueue() {
  const online = useAppSelector(selectOnline);
  const userId = useAppSelector((state) => state.auth.user?._id ?? null);
  const [createSale] = useCreateSaleMutation();
  const [reserve] = useReserveInvoiceBlockMutation();
  const [sales, setSales] = useState<QueuedSale[]>([]);
  /** Other devices that took numbers for this register lately, as the last block's answer said. */
  const [otherDevices, setOtherDevices] = useState(0);
  const busy = useRef(false);

  /** Reserves the register's next block and keeps it; answers whether one was given. */
  const reserveBlock = useCallback(async (): Promise<boolean> => {
    try {
      const device = deviceId();
      const block = await reserve({ register: readRegister(), ...(device ? { device } : {}) }).unwrap();
      await keepBlock(await tillDb(), block, blockBranch());
      setOtherDevices(block.otherDevices);
      return true;
    } catch {
      return false;
    }
  }, [reserve]);

  const refresh = useCallback(async () => setSales(await listQueue(await tillDb())), []);

  const send = useCallback(
    async (sale: QueuedSale): Promise<SendOutcome> => {
      try {
        await createSale({ key: sale.key, body: sale.body, branch: sale.branch }).unwrap();
        return { kind: 'stored' };
      } catch (err) {
        if (!isDefinitiveRefusal(err, 'refused')) return { kind: 'not-reached' };
        const t = currentI18n().t;
        const fields = validationMessages(err);
        return {
          kind: 'refused',
          reason: fields.length ? t('pos.validationError', { message: fields[0] }) : errorText(err, t('pos.transactionError')),
        };
      }
    },
    [createSale],
  );

  const round = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const db = await tillDb();
      const waiting = (await listQueue(db)).some((s) => s.state === 'queued');
      // A sale is recorded as made by whoever sends it: each waits until its own cashier is signed in here.
      if (waiting && userId) await sendQueue(db, send, (sale) => !sale.cashierId || sale.cashierId === userId);
      if (online && (await numbersLeft(db, readRegister(), blockBranch())) < LOW_WATER) await reserveBlock();
      await refresh();
    } catch {
      /* no IndexedDB here: nothing is kept, nothing to send */
    } finally {
      busy.current = false;
    }
  }, [online, userId, send, reserveBlock, refresh]);

  useEffect(() => {
    void round();
    const timer = setInterval(() => void round(), SEND_EVERY_MS);
    return () => clearInterval(timer);
  }, [round]);

  /** The register's next reserved number, taken for good (null: none is left, or no IndexedDB). */
  const nextNumber = useCallback(
    (): Promise<string | null> =>
      tillDb()
        .then((db) => takeNumber(db, readRegister(), blockBranch()))
        .catch(() => null),
    [],
  );

  /**
   * Keeps a sale the server could not be asked to store, with the number it already took (an attempt that got no
   * answer) or else the register's next one (null: no reserved number is left).
   */
  const keep = useCallback(
    async ({
      invoiceNumber: taken,
      ...sale
    }: Omit<NewQueuedSale, 'invoiceNumber'> & { invoiceNumber?: string | null }): Promise<QueuedSale | null> => {
      const db = await tillDb();
      const invoiceNumber = taken ?? (await takeNumber(db, readRegister(), blockBranch()));
      if (!invoiceNumber) return null;
      // Recorded by the server at the time it was made, not when it arrives.
      const body = { ...sale.body, reservedInvoiceNumber: invoiceNumber, madeOfflineAt: sale.createdAt };
      const queued = await enqueue(db, { ...sale, invoiceNumber, body, ...(userId ? { cashierId: userId } : {}) });
      await refresh();
      return queued;
    },
    [refresh, userId],
  );

  const resolve = useCallback(
    async (key: string) => {
      await resolveRefused(await tillDb(), key);
      await refresh();
    },
    [refresh],
  );

  return {
    online,
    queued: sales.filter((s) => s.state === 'queued').length,
    /** Waiting sales another cashier made here: sent when they sign in on this till. */
    othersWaiting: sales.filter((s) => s.state === 'queued' && s.cashierId && s.cashierId !== userId).length,
    refused: sales.filter((s) => s.state === 'refused'),
    /** Another device sells as this register: their invoice numbers interleave. */
    registerShared: otherDevices > 0,
    nextNumber,
    /** Reserves the register's next block now (a sale about to be sent found none left); false when none was given. */
    reserveNow: reserveBlock,
    keep,
    resolve,
  };
}

export type SaleQueue = ReturnType<typeof useSaleQueue>;
