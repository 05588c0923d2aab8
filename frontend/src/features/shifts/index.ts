export { ShiftBar } from './components/shift-bar.js';
export { rememberedShift } from './lib/money.js';
export { ShiftRulesForm } from './components/shift-rules-form.js';
