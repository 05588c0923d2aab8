// Catalog's JSON shapes: products, categories, stock movements, barcodes, product import. Money in dollars as JSON
// numbers; the database keeps integer cents.

export interface LocalizedTextDto {
  en: string;
  ku: string;
}

export interface CategoryRefDto {
  _id: string;
  name: LocalizedTextDto;
}

export interface CostHistoryEntryDto {
  date: string; // ISO timestamp the batch was received
  quantity: number; // units in the batch
  cost: number; // unit cost of the batch, dollars
}

export type StockStatusDto = 'out' | 'low' | 'in';

/** How a product is sold: by the unit, or by weight (stock and quantities in grams, the price per kilogram). */
export type SoldBy = 'unit' | 'weight';

/** A pack of a product (a carton of 12): its own barcode and price, taking `units` from stock. */
export interface ProductPackDto {
  _id: string;
  barcode: string;
  units: number; // >= 2
  price: number; // dollars per pack
  priceIqd: number | null; // whole dinars per pack, when the product is priced in dinars
  name: LocalizedTextDto; // optional label ("Carton"); empty strings when none
}

/** GET/POST/PUT /api/products[/:id], search results, and the list without view=till. */
export interface ProductDto {
  _id: string;
  sku: string;
  barcode: string | null;
  name: LocalizedTextDto;
  description: LocalizedTextDto;
  category: CategoryRefDto | null;
  categoryId: string | null;
  price: number; // dollars (for a product priced in dinars: its dollar figure, for dollar-only readers)
  priceCurrency: 'USD' | 'IQD'; // the currency the price is set in
  priceIqd: number | null; // the price in whole dinars when priceCurrency is IQD
  cost: number; // average unit cost, dollars
  quantity: number; // stock in the caller's branch (may be below 0 after sales)
  reorderLevel: number;
  stockStatus: StockStatusDto; // out (<= 0), low (<= reorderLevel), in
  active: boolean;
  discount: number; // percent 0-100
  images: string[];
  imageUrl: string | null;
  version: number; // increases with every change
  createdAt: string;
  updatedAt: string;
  // Absent from a server (or a till's kept list) from before packs and weighed goods: by the unit, no packs.
  soldBy?: SoldBy;
  scaleCode?: string | null; // the item code the shop's scale prints on labels
  packs?: ProductPackDto[];
  /** Only on single-product answers (GET /:id, POST, PUT, PATCH quantity): newest first. */
  costHistory?: CostHistoryEntryDto[];
  /** POST only: true when the sku already existed and the quantity was added to that product (status 200, not 201). */
  merged?: boolean;
  /** With merged: the explanation to show, in the caller's language. */
  message?: string;
}

/** GET /api/products?active=true&view=till: the compact form the till loads for every product. */
export interface TillProductDto {
  _id: string;
  sku: string;
  barcode: string | null;
  name: LocalizedTextDto;
  price: number; // dollars (at the branch's price); a dinar price is priceIqd
  priceCurrency: 'USD' | 'IQD'; // IQD: sold from priceIqd, converted once at a sale's rate
  priceIqd: number | null;
  discount: number; // percent
  quantity: number; // stock in the caller's branch
  categoryId: string | null;
  imageUrl: string | null;
  soldBy?: SoldBy;
  scaleCode?: string | null;
  packs?: ProductPackDto[];
}

/**
 * GET /api/products?since=REV: the till's products changed since revision REV (prices, discounts, barcodes, stock of
 * the branch) and the ids gone from the till (deleted or made inactive), at `revision`. `full: true` when REV was too
 * old or unknown: `products` is then the whole list and the till replaces what it holds.
 */
export interface TillDeltaDto {
  revision: string;
  full: boolean;
  products: TillProductDto[];
  deleted: string[];
}

/** GET /api/categories[/:id]; POST/PUT answers. */
export interface CategoryDto {
  _id: string;
  name: LocalizedTextDto;
  parent: string | null; // parent id
  image: string | null;
  active: boolean;
  productCount: number; // live products directly in this category
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/categories/tree: roots, each with its children, recursively. */
export interface CategoryTreeNodeDto extends CategoryDto {
  children: CategoryTreeNodeDto[];
}

export type StockMovementReasonDto = 'received' | 'sold' | 'returned' | 'adjusted' | 'transferred' | 'counted';

/** GET /api/products/:id/stock-movements: newest first. */
export interface StockMovementDto {
  _id: string;
  productId: string;
  branchId: string;
  delta: number; // signed units
  quantityAfter: number;
  reason: StockMovementReasonDto;
  refType: 'product' | 'sale' | 'void' | 'refund' | 'adjustment' | 'transfer' | 'receipt' | 'stocktake';
  refId: string | null;
  /** Why a person changed it by hand (reason 'adjusted'); null for every other move. */
  adjustmentReason: 'damaged' | 'expired' | 'theft' | 'own_use' | 'correction' | null;
  unitCost: number | null; // dollars, for received batches
  note: string | null;
  actorId: string | null;
  createdAt: string;
}

/** GET /api/products/generate-barcode */
export interface GeneratedBarcodeDto {
  success: true;
  barcode: string; // EAN-13 starting 9990001, unused
}

/** One refused (or failed) row of a product import: its row number in the file and why, in the reader's language. */
export interface ProductImportRowDto {
  row: number;
  errors: { field: string | null; column: string | null; message: string }[];
}

/** POST /api/products/import answers it at once (the refusals); GET /api/products/import/:id polls its progress. */
export interface ProductImportDto {
  _id: string;
  fileName: string;
  state: 'running' | 'done' | 'failed';
  rowsInFile: number;
  /** Valid rows, to import. */
  total: number;
  done: number;
  created: number;
  merged: number;
  refusedCount: number;
  /** The first 1,000 refused rows. */
  refused: ProductImportRowDto[];
  /** Valid rows that still could not be imported (the catalog changed meanwhile). */
  failed: ProductImportRowDto[];
}
