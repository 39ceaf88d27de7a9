// The schema of the SQLite and PostgreSQL stores, as numbered migrations. Each runs once, in
// order, at start, inside one transaction with its row in schema_migrations; never edit one that
// has shipped: add the next.

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

const table = (auto: string) => `
CREATE TABLE analytics_events (
  id TEXT PRIMARY KEY,
  received_at BIGINT NOT NULL,
  tid TEXT NOT NULL, ct TEXT NOT NULL, pid TEXT NOT NULL, t TEXT NOT NULL, u TEXT NOT NULL,
  a TEXT NOT NULL, qs TEXT NOT NULL, r TEXT NOT NULL, sid TEXT NOT NULL
);
CREATE INDEX analytics_events_received_at ON analytics_events (received_at);
CREATE TABLE search_log (
  seq ${auto},
  at BIGINT NOT NULL,
  kind TEXT NOT NULL,
  q TEXT NOT NULL,
  sid TEXT NOT NULL,
  total INTEGER NOT NULL,
  page INTEGER NOT NULL,
  page_size INTEGER NOT NULL,
  product_ids TEXT NOT NULL,
  filters TEXT NOT NULL,
  event_type TEXT NOT NULL
);
CREATE INDEX search_log_at ON search_log (at);
CREATE TABLE back_in_stock (
  seq ${auto},
  at BIGINT NOT NULL,
  email TEXT NOT NULL,
  product_id TEXT,
  variant_id TEXT
);
CREATE TABLE carts (
  token TEXT PRIMARY KEY,
  lines TEXT NOT NULL,
  updated_at BIGINT NOT NULL
);`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'analytics events, search log, back-in-stock requests, carts',
    sqlite: table('INTEGER PRIMARY KEY AUTOINCREMENT'),
    postgres: table('BIGSERIAL PRIMARY KEY'),
  },
];

export const MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)';
