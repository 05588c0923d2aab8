// What other features may use of transfers: the chain's branches, prices by branch, and the way to the transfers page.
import './transfers.css';
export { useBranchPricesQuery, useSetBranchPriceMutation } from './api/transfers-api.js';
export { useChain } from './lib/use-chain.js';
export { TransfersLink } from './components/transfers-link.js';
