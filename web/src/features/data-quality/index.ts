/** What other features mount: the run page shows the holds and voids of its dates. */
export { RunQualitySection } from './components/run-quality-section';
