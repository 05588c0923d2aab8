export { createAllInOneApp, type AllInOneOptions } from './all-in-one.js';
export { createClusterGateway } from './cluster.js';
export { loadGatewayConfig, type GatewayConfig } from './config.js';
export { startEmbeddedPostgres } from './embedded-db.js';
