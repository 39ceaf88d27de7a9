// autocannon ships no type declarations; the little bench-load.ts and profile-load.ts use.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
    max: number;
  }
  export interface AutocannonResult {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export interface AutocannonOptions {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Array<{ method?: string; path: string }>;
  }
  export default function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
}
