import type { LabelSheetProgressDto, LabelSheetRequestDto, Paginated, ProductDto, ProductImportDto } from '@dukan/contracts';
import { MAX_PAGE_LIMIT, PRODUCTS_PAGE_SIZE } from '@dukan/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../../app/api.js';
import { listTag, listTags, PRODUCT_LISTS } from '../../../app/tags.js';
import { pagesForRows } from '../lib/row-range.js';

/** What narrows the product list: the search text and the chosen categories (each with its descendants). */
export interface ProductFilter {
  search: string;
  categories: string[];
}

export interface ProductPageArgs extends ProductFilter {
  page: number;
}

/** Labels for chosen products, or for rows start..end (1-based) of the list under a filter; as CSV, or with `pdf` as label sheets. */
export type ExportLabelsArgs = ({ kind: 'ids'; ids: string[] } | { kind: 'rows'; filter: ProductFilter; start: number; end: number }) & {
  pdf?: Omit<LabelSheetRequestDto, 'ids'>;
};

export interface LabelsFile {
  blob: Blob;
  fileName: string;
  count: number;
}

function filterParams(f: ProductFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (f.search.trim()) params.search = f.search.trim();
  if (f.categories.length) params.categories = f.categories.join(',');
  return params;
}

function fileNameOf(disposition: string | null): string {
  return disposition?.match(/filename="?([^";]+)"?/)?.[1] ?? 'barcodes.csv';
}

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the full product list, searched and filtered by the server (50,000 products stay there). */
    inventoryProducts: build.query<Paginated<ProductDto>, ProductPageArgs>({
      query: ({ page, ...filter }) => ({ url: '/products', params: { page, limit: PRODUCTS_PAGE_SIZE, ...filterParams(filter) } }),
      providesTags: (r) => listTags('Product', r?.data),
    }),
    inventoryDeleteProduct: build.mutation<{ success: boolean; message?: string }, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      // The till's list, the dashboard's product count and category counts change with it.
      invalidatesTags: (_r, _e, id) => [{ type: 'Product', id }, ...PRODUCT_LISTS, 'Dashboard', listTag('Category')],
    }),
    /**
     * The labels CSV (binary, with its byte-order mark kept). For a row range the ids are read page by page
     * from the same ordered list the table shows; the ids then travel in a POST body, however many.
     */
    inventoryExportLabels: build.mutation<LabelsFile, ExportLabelsArgs>({
      async queryFn(args, _api, _extra, baseQuery) {
        let ids: string[] = [];
        if (args.kind === 'ids') ids = args.ids;
        else {
          for (const part of pagesForRows(args.start, args.end, MAX_PAGE_LIMIT)) {
            const res = await baseQuery({
              url: '/products',
              params: { page: part.page, limit: MAX_PAGE_LIMIT, ...filterParams(args.filter) },
            });
            if (res.error) return { error: res.error };
            ids.push(...(res.data as Paginated<ProductDto>).data.slice(part.from, part.to).map((p) => p._id));
          }
        }
        if (ids.length === 0) return { data: { blob: new Blob([]), fileName: 'barcodes.csv', count: 0 } };
        let fileName = args.pdf ? 'labels.pdf' : 'barcodes.csv';
        const res = await baseQuery({
          url: args.pdf ? '/products/label-sheets' : '/products/export-barcodes',
          method: 'POST',
          body: args.pdf ? { ids, ...args.pdf } : { ids },
          responseHandler: async (response) => {
            if (!response.ok) {
              const text = await response.text();
              try {
                return JSON.parse(text) as unknown;
              } catch {
                return text;
              }
            }
            fileName = fileNameOf(response.headers.get('content-disposition'));
            return response.blob();
          },
        });
        if (res.error) return { error: res.error as FetchBaseQueryError };
        return { data: { blob: res.data as Blob, fileName, count: ids.length } };
      },
    }),
    /** How far a label PDF has come, polled while it is made. */
    inventoryLabelSheetProgress: build.query<LabelSheetProgressDto, string>({
      query: (id) => `/products/label-sheets/${encodeURIComponent(id)}`,
      transformResponse: (res: { data: LabelSheetProgressDto }) => res.data,
      keepUnusedDataFor: 0,
    }),
    /** Uploads a CSV or Excel file: the answer lists the refused rows at once; the others import in the background. */
    inventoryImportProducts: build.mutation<ProductImportDto, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/products/import', method: 'POST', body };
      },
      // The answer is the job's first progress: whoever polls it starts from there.
      async onQueryStarted(_file, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(inventoryApi.util.upsertQueryData('inventoryImportProgress', data._id, data));
        } catch {
          /* the caller shows the refusal */
        }
      },
    }),
    /** An import's progress, polled while it runs. */
    inventoryImportProgress: build.query<ProductImportDto, string>({
      query: (id) => `/products/import/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useInventoryProductsQuery,
  useInventoryDeleteProductMutation,
  useInventoryExportLabelsMutation,
  useInventoryLabelSheetProgressQuery,
  useInventoryImportProductsMutation,
  useInventoryImportProgressQuery,
} = inventoryApi;

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
