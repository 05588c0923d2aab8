import { Module, type DynamicModule } from '@nestjs/common';
import { KnownBranches, ServicePlatformModule } from '@dukan/platform';
import { CategoriesController } from './categories/categories.controller.js';
import { CategoriesService } from './categories/categories.service.js';
import { CATALOG_CONFIG, type CatalogConfig } from './config.js';
import { CatalogInit1767225600200 } from './migrations/1767225600200-catalog-init.js';
import { ProductImports1779580800200 } from './migrations/1779580800200-product-imports.js';
import { BranchPricesTransfers1795824000200 } from './migrations/1795824000200-branch-prices-transfers.js';
import { TransferCancel1796200000200 } from './migrations/1796200000200-transfer-cancel.js';
import { PriceInDinars1796510000200 } from './migrations/1796510000200-price-in-dinars.js';
import { BranchPricesController } from './branch-prices/branch-prices.controller.js';
import { BranchPrices } from './branch-prices/branch-prices.service.js';
import { TransferCommands } from './transfers/transfer-commands.js';
import { TransferQueries } from './transfers/transfer-queries.js';
import { TransfersController } from './transfers/transfers.controller.js';
import { ProductRevisions1795737600200 } from './migrations/1795737600200-product-revisions.js';
import { ProductImportController } from './products/import/product-import.controller.js';
import { ProductImportService } from './products/import/product-import.service.js';
import { ProductsController } from './products/products.controller.js';
import { Barcodes } from './products/barcodes.js';
import { ProductCommands } from './products/product-commands.js';
import { ProductIntake } from './products/product-intake.js';
import { ProductDelta } from './products/product-delta.js';
import { ProductQueries } from './products/product-queries.js';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './stock/sale.handlers.js';
import { StockLedger } from './stock/stock-ledger.js';
import { CATALOG_CONSUMERS } from './consumers.js';

/** Products, categories, barcodes, stock per branch and its ledger, branch prices, transfers, labels, imports: /api/products/*, /api/categories/*. */
@Module({})
export class CatalogModule {
  static register(config: CatalogConfig): DynamicModule {
    return {
      module: CatalogModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'catalog',
          entities: [],
          migrations: [
            CatalogInit1767225600200,
            ProductImports1779580800200,
            ProductRevisions1795737600200,
            BranchPricesTransfers1795824000200,
            TransferCancel1796200000200,
            PriceInDinars1796510000200,
          ],
          consumers: CATALOG_CONSUMERS,
        }),
      ],
      // The import's and the transfers' routes first: '/api/products/import/:id' must not reach ':id/stock-movements',
      // nor '/api/products/transfers' the product ':id'.
      controllers: [ProductImportController, TransfersController, ProductsController, BranchPricesController, CategoriesController],
      providers: [
        { provide: CATALOG_CONFIG, useValue: config },
        StockLedger,
        ProductQueries,
        ProductDelta,
        ProductCommands,
        ProductIntake,
        Barcodes,
        ProductImportService,
        CategoriesService,
        KnownBranches,
        BranchPrices,
        TransferQueries,
        TransferCommands,
        SaleCompletedHandler,
        SaleVoidedHandler,
        SaleRefundedHandler,
      ],
    };
  }
}
