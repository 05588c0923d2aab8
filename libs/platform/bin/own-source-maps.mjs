// Preloaded into every Dukan process (`node --import …/own-source-maps.mjs main.js`): stack traces name our own
// TypeScript files and lines, as `--enable-source-maps` does, without reading and parsing the source maps of every
// package in node_modules on start, which made each process's start a third dearer (4 CPU-s instead of 3).
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
