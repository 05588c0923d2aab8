// What other features may use of auth: the signed-in user, their rights and their branches.
export { useCan, useCanAccessPage, useCurrentUser } from './use-permissions.js';
export { displayName, type SignedInUser } from './types.js';
export { pickableBranches } from './branches.js';
