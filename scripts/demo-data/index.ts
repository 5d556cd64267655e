/**
 * The demo and scale data generator as a library: the local stack's first-run seeding and the
 * benchmarks call it in-process; `cli.ts` is the `npm run demo-data` front end.
 */
export {
  DEFAULT_END_DATE,
  demoDataOptionsSchema,
  generateDemoData,
  type DemoDataOptions,
  type DemoDataProgress,
  type DemoDataResult,
  type ScenarioManifest,
  type ScenarioOutcome,
} from './generate';
export { demoPrograms, demoRules } from './programs';
export { demoTraderProfiles, drawTraderProfile, type TraderProfile } from './profiles';
export { COLUMNS, FILE_KINDS, type FileKind } from './rows';
export { bucketSink, directorySink, localS3Client, type DemoDataSink } from './sinks';
export { directorySource } from './directory-source';
