import { useEffect, useRef } from 'react';
import type { ProductImportDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { useAppDispatch } from '../../../app/hooks.js';
import { useInventoryImportProgressQuery } from '../api/inventory-api.js';

const POLL_MS = 500;

/**
 * The inventory page's import (the upload's answer, then its progress): polled while it runs, dialog open or
 * not; once it has finished with products created or merged, the lists are fetched again and `onImported` is
 * told how many, once.
 */
export function useProductImport(started: ProductImportDto | null, onImported: (count: number) => void): ProductImportDto | null {
  const id = started?._id ?? null;
  const dispatch = useAppDispatch();
  const reported = useRef<string | null>(null);
  const onImportedRef = useRef(onImported);
  onImportedRef.current = onImported;
  const known = useInventoryImportProgressQuery(id ?? '', { skip: !id });
  // Until the first poll answers, the upload's own answer is the job.
  const job = id && known.data?._id === id ? known.data : started;
  const running = job?.state === 'running';
  // Polling only while it runs (a second subscription, so the finished answer stays in the cache).
  useInventoryImportProgressQuery(id ?? '', { skip: !id || !running, pollingInterval: POLL_MS });

  useEffect(() => {
    if (!job || job.state === 'running' || reported.current === job._id) return;
    reported.current = job._id;
    if (job.created + job.merged > 0) {
      dispatch(api.util.invalidateTags(['Product', 'Dashboard', 'Category', 'CostHistory']));
      onImportedRef.current(job.created + job.merged);
    }
  }, [job, dispatch]);

  return job;
}
