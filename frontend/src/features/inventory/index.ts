// What other features may use of inventory: saving a downloaded file.
export { saveFile } from './api/inventory-api.js';
