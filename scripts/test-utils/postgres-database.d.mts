/** The test server's connection string: TEST_DATABASE_URL, else the one ensure-postgres.mjs wrote. */
export function postgresUrl(): string;
/** A new, empty database on the test server (or on `base`); `drop()` removes it. */
export function freshPostgresDatabase(prefix?: string, base?: string): Promise<{ url: string; drop: () => Promise<void> }>;
