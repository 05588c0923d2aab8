import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { CATALOG_CONFIG, type CatalogConfig } from './config.js';

/** Products, categories, barcodes, stock per branch and its ledger, labels: /api/products/*, /api/categories/*. */
@Module({})
export class CatalogModule {
  static register(config: CatalogConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [ServicePlatformModule.forService({ service: 'catalog', entities: [], migrations: [] })],
      controllers: [],
      providers: [{ provide: CATALOG_CONFIG, useValue: config }],
    };
  }
}
