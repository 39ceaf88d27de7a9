export interface DemoShop {
  url: string;
  port: number;
  engine: unknown;
  close(): Promise<void>;
}
export function startDemoShop(options?: { port?: number; host?: string; catalog?: 'luma' | 'shopify-csv' }): Promise<DemoShop>;
export function themeAssets(): { dir: string; js: string; css: string };
