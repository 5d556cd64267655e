export * from './schema';
export {
  explainVerdict,
  clockTime,
  percentText,
  programClockZone,
  type ExplainSource,
} from './explain';
export { accountPath, type PathDaySource } from './path';
