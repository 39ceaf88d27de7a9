export interface DemoShop {
  url: string;
  port: number;
  engine: unknown;
  close(): Promise<void>;
}
/** The catalogs of catalogs.mjs: the two real ones and the scale variants of the Luma catalog. */
export type CatalogName = 'luma' | 'shopify-csv' | `luma-scaled:${number}` | `luma-wide-option:${number}`;
export function startDemoShop(options?: { port?: number; host?: string; catalog?: CatalogName; dataDir?: string; databaseUrl?: string; insightsToken?: string; catalogToken?: string; updatesFile?: string; snapshotIn?: string; snapshotOut?: string }): Promise<DemoShop>;
export function themeAssets(): { dir: string; js: string; css: string };
