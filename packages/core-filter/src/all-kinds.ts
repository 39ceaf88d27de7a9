// Every built-in option kind, in registration order (later kinds win ties).
import { boxKind } from './kind-box';
import { collectionKind } from './kind-collection';
import { listKind } from './kind-list';
import { multiLevelCollectionKind } from './kind-multi-level-collection';
import { multiLevelTagKind } from './kind-multi-level-tag';
import { percentSaleKind } from './kind-percent-sale';
import { priceKind } from './kind-price';
import { rangeKind } from './kind-range';
import { ratingKind } from './kind-rating';
import { stockKind } from './kind-stock';
import { subCategoryKind } from './kind-sub-category';
import { swatchKind } from './kind-swatch';
import { weightKind } from './kind-weight';
import type { OptionKind } from './option-kind';

export const allKinds: readonly OptionKind[] = [
  listKind,
  boxKind,
  swatchKind,
  ratingKind,
  rangeKind,
  priceKind,
  percentSaleKind,
  weightKind,
  stockKind,
  collectionKind,
  subCategoryKind,
  multiLevelCollectionKind,
  multiLevelTagKind,
];
