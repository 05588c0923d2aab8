// What other features (and the app's shell) may use of auth: the signed-in user, their rights and their branches,
// and the session the layout keeps (who is signed in, their saved preferences, signing out).
export { useCan, useCanAccessPage, useCurrentUser } from './use-permissions.js';
export { displayName, type SignedInUser } from './types.js';
export { deviceBranchFits, mayHaveSeveralBranches, pickableBranches, registerFor } from './branches.js';
export { useLogoutMutation, useMeQuery, useSavePreferencesMutation } from './api/auth-api.js';
export { signedOut, userLoaded } from './auth-slice.js';
