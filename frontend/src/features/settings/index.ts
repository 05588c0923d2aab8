// What other features may use of settings: the shop's general settings and its branches.
export { useBranchesQuery, useSettingsGeneralQuery } from './api/settings-api.js';
