/** One measured figure, as written to bench-results.json. */
export interface Figure {
  value: number;
  unit: string;
}
export type Figures = Record<string, Figure>;

/** A benchmark: runs, prints its own progress, and returns its figures keyed `<area>.<name>`. */
export interface Bench {
  name: string;
  run(): Promise<Figures>;
}
