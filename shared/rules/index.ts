/** The rules engine: what the sync, the API and the screens import. */
export * from './rule-definition';
export * from './rule-parameters';
export * from './day-input';
export * from './conformance';
export * from './engine-state';
export * from './violation-log';
export * from './account-summary';
export * from './drawdown-day';
export * from './payout-window';
export { compilePhase } from './compile-phase';
export type { CompiledPhase, CompiledRule, PhaseRulesSource } from './compile-phase';
export { createRulesEngine } from './engine';
export type { DayEvaluation, HistoryEvaluation, RulesEngine, RulesEngineSource } from './engine';
