// itemsjs ships no type declarations; the little the benchmark uses.
declare module 'itemsjs' {
  interface ItemsJs {
    search(options: Record<string, unknown>): unknown;
  }
  export default function itemsjs(data: readonly object[], configuration: Record<string, unknown>): ItemsJs;
}
