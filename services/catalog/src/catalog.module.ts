import { Module, type DynamicModule } from '@nestjs/common';
import { ServicePlatformModule } from '@dukan/platform';
import { CategoriesController } from './categories/categories.controller.js';
import { CategoriesService } from './categories/categories.service.js';
import { CATALOG_CONFIG, type CatalogConfig } from './config.js';
import { CatalogInit1767225600200 } from './migrations/1767225600200-catalog-init.js';
import { ProductsController } from './products/products.controller.js';
import { ProductsService } from './products/products.service.js';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './stock/sale.handlers.js';
import { StockLedger } from './stock/stock-ledger.js';
import { CATALOG_CONSUMERS } from './consumers.js';

/** Products, categories, barcodes, stock per branch and its ledger, labels: /api/products/*, /api/categories/*. */
@Module({})
export class CatalogModule {
  static register(config: CatalogConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'catalog',
          entities: [],
          migrations: [CatalogInit1767225600200],
          consumers: CATALOG_CONSUMERS,
        }),
      ],
      controllers: [ProductsController, CategoriesController],
      providers: [
        { provide: CATALOG_CONFIG, useValue: config },
        StockLedger,
        ProductsService,
        CategoriesService,
        SaleCompletedHandler,
        SaleVoidedHandler,
        SaleRefundedHandler,
      ],
    };
  }
}
