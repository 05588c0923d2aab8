import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { CatalogModule, loadCatalogConfig } from '@dukan/catalog';

export function startCatalog(bus: 'in-process' | 'nats' = 'in-process'): Promise<ServiceTestApp> {
  return startServiceApp({
    service: 'catalog',
    bus,
    env: { CATALOG_WARM_TILL_LIST: 'false' },
    module: (env) => CatalogModule.register(loadCatalogConfig(env)),
  });
}

let seq = 0;
/** A product payload as the form sends it; sku and barcode unique per call. */
export function productBody(categoryId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  seq += 1;
  return {
    sku: `SKU-${process.pid}-${seq}`,
    barcode: `626${String(process.pid).padStart(6, '0')}${String(seq).padStart(4, '0')}`,
    name: { en: `Green tea ${seq}`, ku: `چای سەوز ${seq}` },
    description: { en: 'Loose leaf', ku: '' },
    category: categoryId,
    price: 2.5,
    cost: 1.25,
    ...over,
  };
}
