import { buildWhereStale } from '../../scripts/build-freshness.mjs';
import { removeAbandonedData } from './server';

/**
 * Before any worker starts: the tests run against the production build (web/dist served by
 * server/dist/main.mjs), so a build older than its sources is rebuilt first, as `npm start` does. After
 * `npm run build` (which `npm test` runs) both are fresh and this costs a few milliseconds.
 */
export default async function globalSetup() {
  await buildWhereStale();
  await removeAbandonedData();
}
