export * from './schema';
export { explainVerdict, clockTime, percentText, type ExplainSource } from './explain';
export { accountPath, type PathDaySource } from './path';
