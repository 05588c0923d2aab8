// The JSON answers of purchasing, built by PostgreSQL from their rows (as transfers and products are).

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNull = (col: string) => `CASE WHEN ${col} IS NULL THEN NULL ELSE ${iso(col)} END`;
const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** SupplierDto of the supplier `s`. */
export const SUPPLIER_JSON = `json_build_object(
  '_id', s.id,
  'name', json_build_object('en', s.name_en, 'ku', s.name_ku),
  'phone', s.phone,
  'address', s.address,
  'notes', s.notes,
  'active', s.active,
  'createdAt', ${iso('s.created_at')},
  'updatedAt', ${iso('s.updated_at')})`;

/** PurchaseOrderDto of the order `o`. */
export const ORDER_JSON = `json_build_object(
  '_id', o.id,
  'number', o.number,
  'supplier', (SELECT json_build_object('_id', s.id, 'name', json_build_object('en', s.name_en, 'ku', s.name_ku),
                 'phone', s.phone, 'address', s.address) FROM suppliers s WHERE s.id = o.supplier_id),
  'branchId', o.branch_id,
  'currency', o.currency,
  'state', o.state,
  'note', o.note,
  'expectedOn', ${day('o.expected_on')},
  'lines', coalesce((SELECT json_agg(json_build_object(
              'productId', l.product_id, 'sku', p.sku, 'barcode', p.barcode, 'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
              'ordered', l.ordered, 'received', l.received, 'unitCostMinor', l.unit_cost_minor) ORDER BY l.line_no)
            FROM purchase_order_lines l JOIN products p ON p.id = l.product_id WHERE l.order_id = o.id), '[]'::json),
  'totalMinor', (SELECT coalesce(sum(l.ordered * l.unit_cost_minor), 0) FROM purchase_order_lines l WHERE l.order_id = o.id),
  'createdBy', o.created_by,
  'createdAt', ${iso('o.created_at')},
  'sentAt', ${isoOrNull('o.sent_at')},
  'closedAt', ${isoOrNull('o.closed_at')})`;

/** GoodsReceiptDto of the receipt `r`. */
export const RECEIPT_JSON = `json_build_object(
  '_id', r.id,
  'number', r.number,
  'orderId', r.order_id,
  'orderNumber', (SELECT o.number FROM purchase_orders o WHERE o.id = r.order_id),
  'supplierId', r.supplier_id,
  'branchId', r.branch_id,
  'currency', r.currency,
  'exchangeRate', r.exchange_rate::float8,
  'note', r.note,
  'lines', coalesce((SELECT json_agg(json_build_object(
              'productId', l.product_id, 'sku', p.sku, 'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
              'quantity', l.quantity, 'unitCostMinor', l.unit_cost_minor, 'unitCostCents', l.unit_cost_cents) ORDER BY l.line_no)
            FROM goods_receipt_lines l JOIN products p ON p.id = l.product_id WHERE l.receipt_id = r.id), '[]'::json),
  'totalMinor', (SELECT coalesce(sum(l.quantity * l.unit_cost_minor), 0) FROM goods_receipt_lines l WHERE l.receipt_id = r.id),
  'receivedBy', r.received_by,
  'receivedAt', ${iso('r.received_at')})`;

/** SupplierPaymentDto of the payment `sp`. */
export const PAYMENT_JSON = `json_build_object(
  '_id', sp.id,
  'invoiceId', sp.invoice_id,
  'supplierId', sp.supplier_id,
  'branchId', sp.branch_id,
  'currency', sp.currency,
  'amountMinor', sp.amount_minor,
  'source', sp.source,
  'registerId', sp.register_id,
  'note', sp.note,
  'paidBy', sp.paid_by,
  'paidAt', ${iso('sp.paid_at')})`;

/** SupplierInvoiceDto of the invoice `i`. */
export const INVOICE_JSON = `json_build_object(
  '_id', i.id,
  'supplier', (SELECT json_build_object('_id', s.id, 'name', json_build_object('en', s.name_en, 'ku', s.name_ku)) FROM suppliers s WHERE s.id = i.supplier_id),
  'branchId', i.branch_id,
  'number', i.number,
  'orderId', i.order_id,
  'currency', i.currency,
  'amountMinor', i.amount_minor,
  'paidMinor', i.paid_minor,
  'dueMinor', i.amount_minor - i.paid_minor,
  'issuedOn', ${day('i.issued_on')},
  'dueOn', ${day('i.due_on')},
  'note', i.note,
  'payments', coalesce((SELECT json_agg(${PAYMENT_JSON} ORDER BY sp.paid_at, sp.id) FROM supplier_payments sp WHERE sp.invoice_id = i.id), '[]'::json),
  'createdAt', ${iso('i.created_at')})`;
