import { migratedTemplate } from './test-template.mjs';
console.log(await migratedTemplate(process.cwd(), 'postgres://postgres@127.0.0.1:5432/postgres'));
