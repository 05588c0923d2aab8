import type { NegativeStockDto, Paginated, StocktakeCountDto, StocktakeDto, StocktakeVarianceDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { PRODUCT_LISTS } from '../../../app/tags.js';

const withTags = api.enhanceEndpoints({ addTagTypes: ['Stocktake', 'NegativeStock'] });

/** Stocktakes of this branch, their blind counts and variance, and the products sold below zero. */
export const stocktakesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    stocktakes: build.query<Paginated<StocktakeDto>, void>({
      query: () => ({ url: '/stocktakes', params: { limit: 50 } }),
      providesTags: ['Stocktake'],
    }),
    stocktake: build.query<StocktakeDto, string>({
      query: (id) => `/stocktakes/${encodeURIComponent(id)}`,
      transformResponse: (res: { data: StocktakeDto }) => res.data,
      providesTags: ['Stocktake'],
    }),
    startStocktake: build.mutation<{ data: StocktakeDto }, { categories: string[]; note?: string }>({
      query: (body) => ({ url: '/stocktakes', method: 'POST', body }),
      invalidatesTags: ['Stocktake'],
    }),
    stocktakeCounts: build.query<Paginated<StocktakeCountDto>, string>({
      query: (id) => ({ url: `/stocktakes/${encodeURIComponent(id)}/counts`, params: { limit: 200 } }),
      providesTags: ['Stocktake'],
    }),
    addCounts: build.mutation<
      { data: StocktakeCountDto[] },
      { id: string; lines: { barcode?: string; product?: string; quantity: number }[] }
    >({
      query: ({ id, lines }) => ({ url: `/stocktakes/${encodeURIComponent(id)}/counts`, method: 'POST', body: { lines } }),
      invalidatesTags: ['Stocktake'],
    }),
    variance: build.query<StocktakeVarianceDto, string>({
      query: (id) => ({ url: `/stocktakes/${encodeURIComponent(id)}/variance`, params: { limit: 500 } }),
      transformResponse: (res: { data: StocktakeVarianceDto }) => res.data,
      providesTags: ['Stocktake'],
    }),
    approveStocktake: build.mutation<{ data: StocktakeDto }, { id: string; uncounted: 'keep' | 'zero' }>({
      query: ({ id, uncounted }) => ({ url: `/stocktakes/${encodeURIComponent(id)}/approve`, method: 'POST', body: { uncounted } }),
      invalidatesTags: ['Stocktake', 'NegativeStock', ...PRODUCT_LISTS],
    }),
    cancelStocktake: build.mutation<{ data: StocktakeDto }, string>({
      query: (id) => ({ url: `/stocktakes/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['Stocktake'],
    }),
    negativeStock: build.query<NegativeStockDto[], void>({
      query: () => '/products/negative-stock',
      transformResponse: (res: { data: NegativeStockDto[] }) => res.data,
      providesTags: ['NegativeStock'],
    }),
  }),
});

export const {
  useStocktakesQuery,
  useStocktakeQuery,
  useStartStocktakeMutation,
  useStocktakeCountsQuery,
  useAddCountsMutation,
  useVarianceQuery,
  useApproveStocktakeMutation,
  useCancelStocktakeMutation,
  useNegativeStockQuery,
} = stocktakesApi;
