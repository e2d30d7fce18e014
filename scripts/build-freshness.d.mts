/** One output of the production build and what it is built from (see build-freshness.mjs). */
export interface BuildOutput {
  output: string;
  sources: string[];
  label: string;
  tool: string;
  build: () => Promise<void>;
}

export const OUTPUTS: { web: BuildOutput; server: BuildOutput };

/** Builds each stale output of `targets`, by default the web app then the server (see build-freshness.mjs). */
export function buildWhereStale(targets?: BuildOutput[]): Promise<void>;
