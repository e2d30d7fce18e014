/**
 * The server's layers: a module's repository (its SQL) is its own. Another module reaches it through
 * that module's service, and SQL that several modules share lives in server/src/db/ (SQL and JSON
 * builders, prepared statements, case visibility). Tests and their fixtures are left out: they set
 * up and inspect the database below the services.
 */
export default [
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/*.test.ts', 'server/src/modules/**/*-test-fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository'],
              message:
                "Another module's repository is its own: use that module's service, or a shared helper in server/src/db/.",
            },
          ],
        },
      ],
    },
  },
];
