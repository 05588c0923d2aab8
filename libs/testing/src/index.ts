export * from './environment.js';
export * from './http.js';
export * from './service-app.js';
export * from './auth-matrix.js';
export * from './all-in-one.js';
export * from './eventually.js';
export * from './shuffled.js';
export * from './event-stream.js';
