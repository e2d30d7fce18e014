import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { AppError } from '../../lib/errors';
import { groupingModified } from './stix-groupings';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("a case's STIX grouping version", () => {
  it('of a case deleted while its export ran is a 404 for the case, not a failure of the server', async () => {
    // The export read the case, then it was deleted: the version's write names a case that is gone.
    const gone = randomUUID();
    const error = await groupingModified(t.database.db, gone, 'a'.repeat(64), new Date().toISOString()).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
