import { Inject, Module, type DynamicModule, type OnModuleDestroy } from '@nestjs/common';
import { Chromium, KnownBranches, ServicePlatformModule } from '@dukan/platform';
import { CategoriesController } from './categories/categories.controller.js';
import { CategoriesService } from './categories/categories.service.js';
import { CATALOG_CHROMIUM, CATALOG_CONFIG, type CatalogConfig } from './config.js';
import { LabelSheetsController } from './labels/label-sheets.controller.js';
import { LabelSheetsService } from './labels/label-sheets.service.js';
import { CatalogInit1767225600200 } from './migrations/1767225600200-catalog-init.js';
import { ProductImports1779580800200 } from './migrations/1779580800200-product-imports.js';
import { BranchPricesTransfers1795824000200 } from './migrations/1795824000200-branch-prices-transfers.js';
import { TransferCancel1796200000200 } from './migrations/1796200000200-transfer-cancel.js';
import { SearchNorm1796500000200 } from './migrations/1796500000200-search-norm.js';
import { PriceInDinars1796510000200 } from './migrations/1796510000200-price-in-dinars.js';
import { SupplierSearch1796520000200 } from './migrations/1796520000200-supplier-search.js';
import { CanonicalSupplierPhones1797300000200 } from './migrations/1797300000200-canonical-supplier-phones.js';
import { PacksWeighed1797500000200 } from './migrations/1797500000200-packs-weighed.js';
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
import { ProductReceiving } from './products/product-receiving.js';
import { ProductPacks } from './products/product-packs.js';
import { ProductDelta } from './products/product-delta.js';
import { ProductQueries } from './products/product-queries.js';
import { SaleCompletedHandler, SaleRefundedHandler, SaleVoidedHandler } from './stock/sale.handlers.js';
import { StockLedger } from './stock/stock-ledger.js';
import { CATALOG_CONSUMERS } from './consumers.js';
import { PurchasesStocktakes1796400000200 } from './migrations/1796400000200-purchases-stocktakes.js';
import { GoodsReceipts } from './purchases/goods-receipts.service.js';
import { PurchaseOrders } from './purchases/purchase-orders.service.js';
import {
  GoodsReceiptsController,
  PurchaseOrdersController,
  SupplierInvoicesController,
  SuppliersController,
} from './purchases/purchases.controller.js';
import { SupplierInvoices } from './purchases/supplier-invoices.service.js';
import { SuppliersService } from './purchases/suppliers.service.js';
import { StockAdjustments } from './stock/stock-adjustments.js';
import { StockController } from './stock/stock.controller.js';
import { StocktakesController } from './stocktakes/stocktakes.controller.js';
import { Stocktakes } from './stocktakes/stocktakes.service.js';

/**
 * Products, categories, barcodes, stock per branch and its ledger, branch prices, transfers, labels, imports, and the
 * stock that comes in and is counted: suppliers, purchase orders, receiving, supplier invoices and payments,
 * stocktakes: /api/products/*, /api/categories/*, /api/purchases/*, /api/stocktakes/*.
 */
@Module({})
export class CatalogModule implements OnModuleDestroy {
  constructor(@Inject(CATALOG_CHROMIUM) private readonly chromium: Chromium) {}

  async onModuleDestroy(): Promise<void> {
    await this.chromium.close();
  }

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
            PurchasesStocktakes1796400000200,
            SearchNorm1796500000200,
            PriceInDinars1796510000200,
            SupplierSearch1796520000200,
            CanonicalSupplierPhones1797300000200,
            PacksWeighed1797500000200,
          ],
          consumers: CATALOG_CONSUMERS,
        }),
      ],
      // The import's, the transfers', the label sheets' and the stock routes first: '/api/products/import/:id' must not
      // reach ':id/stock-movements', nor '/api/products/transfers' or '/api/products/negative-stock' the product ':id'.
      controllers: [
        ProductImportController,
        TransfersController,
        LabelSheetsController,
        StockController,
        ProductsController,
        BranchPricesController,
        CategoriesController,
        SuppliersController,
        PurchaseOrdersController,
        GoodsReceiptsController,
        SupplierInvoicesController,
        StocktakesController,
      ],
      providers: [
        { provide: CATALOG_CONFIG, useValue: config },
        { provide: CATALOG_CHROMIUM, useValue: new Chromium({ executablePath: config.CHROMIUM_PATH }) },
        LabelSheetsService,
        StockLedger,
        ProductQueries,
        ProductDelta,
        ProductCommands,
        ProductReceiving,
        ProductPacks,
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
        StockAdjustments,
        SuppliersService,
        PurchaseOrders,
        GoodsReceipts,
        SupplierInvoices,
        Stocktakes,
      ],
    };
  }
}
