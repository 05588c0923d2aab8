import type { CategoryDto, CategoryTreeNodeDto, ProductDto } from '@dukan/contracts';
import { api, unwrap, type Wrapped } from '../../../app/api.js';
import { listTag, listTags, PRODUCT_LISTS } from '../../../app/tags.js';
import type { ProductPayload } from '../lib/product-form.js';

export interface NewCategory {
  name: { en: string; ku: string };
  parent: string | null;
  image?: string;
  active: boolean;
}

export const productFormApi = api.injectEndpoints({
  endpoints: (build) => ({
    pfProduct: build.query<ProductDto, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      transformResponse: (res: Wrapped<ProductDto>) => unwrap(res),
      providesTags: (_r, _e, id) => [
        { type: 'Product', id },
        { type: 'CostHistory', id },
      ],
    }),
    /** GET /api/categories/tree: active categories only (the server leaves inactive branches out). */
    pfCategoryTree: build.query<CategoryTreeNodeDto[], void>({
      query: () => '/categories/tree',
      transformResponse: (res: Wrapped<CategoryTreeNodeDto[]>) => unwrap(res),
      providesTags: [listTag('Category')],
    }),
    pfSearchProducts: build.query<ProductDto[], string>({
      query: (term) => `/products/search/${encodeURIComponent(term)}?limit=8`,
      transformResponse: (res: Wrapped<ProductDto[]>) => unwrap(res),
      providesTags: (r) => listTags('Product', r),
      keepUnusedDataFor: 10,
    }),
    /** A new unused barcode each call, so a mutation (never cached). */
    pfGenerateBarcode: build.mutation<string, void>({
      query: () => ({ url: '/products/generate-barcode', method: 'GET' }),
      transformResponse: (res: { barcode?: string; data?: { barcode?: string } }) => res.barcode ?? res.data?.barcode ?? '',
    }),
    /** 201 with the new product, or 200 with `merged: true` when the SKU existed and the stock was added to it. */
    pfCreateProduct: build.mutation<ProductDto, ProductPayload>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      transformResponse: (res: Wrapped<ProductDto>) => unwrap(res),
      invalidatesTags: (r) => [
        ...PRODUCT_LISTS,
        'Dashboard',
        ...(r
          ? [
              { type: 'Product' as const, id: r._id },
              { type: 'CostHistory' as const, id: r._id },
            ]
          : []),
      ],
    }),
    pfUpdateProduct: build.mutation<ProductDto, { id: string; body: Partial<ProductPayload> }>({
      query: ({ id, body }) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (res: Wrapped<ProductDto>) => unwrap(res),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Product', id }, { type: 'CostHistory', id }, ...PRODUCT_LISTS, 'Dashboard'],
    }),
    pfCreateCategory: build.mutation<CategoryDto, NewCategory>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      transformResponse: (res: Wrapped<CategoryDto>) => unwrap(res),
      invalidatesTags: [listTag('Category')],
    }),
  }),
});

export const {
  usePfProductQuery,
  usePfCategoryTreeQuery,
  usePfSearchProductsQuery,
  usePfGenerateBarcodeMutation,
  usePfCreateProductMutation,
  usePfUpdateProductMutation,
  usePfCreateCategoryMutation,
} = productFormApi;
