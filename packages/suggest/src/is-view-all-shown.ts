/**
 * The view-all row (S5.5): shown only if the total product count is above the product block's
 * number and non-zero.
 */
export function isViewAllShown(totalProduct: number, productLimit: number): boolean {
  return totalProduct > 0 && totalProduct > productLimit;
}
