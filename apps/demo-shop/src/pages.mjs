// The theme's pages: plain HTML as a shop theme renders it, with the settings block, the
// containers the loader fills and the loader script. No React here.
import { slugify } from '@pkg/core-filter';

export const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** JSON inside <script>: `<` escaped so no value can close the element. */
export const scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\u003c');
const money = (n) => `$${Number(n).toFixed(2)}`;

export function baseSettings(shop, general = {}, filter = {}) {
  return {
    api: { filterUrl: '/api/filter', searchUrl: '/api/search', suggestionUrl: '/api/suggest', analyticsUrl: '/api/analytics', productsUrl: '/api/products' },
    shop: { name: shop.title, url: '', domain: shop.domain, currency: 'USD', money_format: '${{amount}}', money_format_with_currency: '${{amount}} USD' },
    general: { file_url: '/images/swatches/', no_image_url: '', ...general },
    filter: { transport: 'fetch', limit: 12, limitChoices: [12, 24, 48], ...filter },
    ...(shop.swatches && Object.keys(shop.swatches).length ? { swatches: shop.swatches } : {}),
    // The loader's instant-search section: the desktop dropdown style and the no-result view.
    search: { style: 'style2', display: 'grid', width: 720, showSuggestedTerms: true, showMostPopular: true },
    // The loader's cart section: quick view and add to cart on listing items (the mini cart is in
    // the header), the back-in-stock endpoint the engine answers, and buy now to the cart page
    // (this shop has no checkout).
    cart: { addToCart: true, quickView: true, backInStockUrl: '/api/back-in-stock', checkoutUrl: '/cart' },
  };
}

/**
 * The settings of an older theme: the legacy globals instead of the JSON block, and the legacy
 * hook object building product items as theme HTML (mapped by the loader, F4.24).
 */
function legacySettingsScript(settings) {
  // Older themes have no instant-search section: the loader's defaults apply.
  const { filter, swatches, ...rest } = settings;
  delete rest.search;
  delete rest.cart;
  const app = { ...rest, settings: { ...filter, ...swatches } };
  return `<script>
window.boostPFSAppConfig = ${scriptJson(app)};
window.boostPFSFilterCallbacks = {
  buildProductItem: function (product, index, ctx) {
    var esc = function (s) { return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); };
    return '<div class="legacy-item"><a href="' + esc(ctx.url) + '">' + esc(product.title) + '</a> <span class="legacy-item__price">' + esc(ctx.moneyFormat.replace('{{amount}}', product.priceMin.toFixed(2))) + '</span></div>';
  },
  afterRender: function (snapshot, container) { document.body.setAttribute('data-rendered', String(container.querySelectorAll('.legacy-item').length)); }
};
</script>`;
}

/**
 * The page frame. `theme` renders it as an unchanged theme of the original add-on does:
 * `theme.settingsHtml` in place of the settings block, and the header's search input marked with
 * `theme.searchBoxClass` and named `theme.termKey` (default `q`); no `pkg-*` class anywhere (see
 * theme-pages.mjs).
 */
export function layout({ title, settings, body, assets, productId, shop, legacy = false, head = '', plain = false, q = '', theme = null }) {
  const settingsHtml = theme ? theme.settingsHtml : legacy ? legacySettingsScript(settings) : `<script type="application/json" id="pkg-settings">${scriptJson(settings)}</script>`;
  return `<!doctype html>
<html lang="en"${productId ? ` data-product-id="${esc(productId)}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} – ${esc(shop.title)}</title>
<link rel="stylesheet" href="/assets/${esc(assets.css)}">
<link rel="stylesheet" href="/theme.css">
${plain ? '' : `${settingsHtml}
${head}<script src="/assets/${esc(assets.js)}" defer></script>`}
</head>
<body>
<header class="site-header">
  <a class="site-header__logo" href="/">${esc(shop.title)}</a>
  <nav class="site-header__nav" aria-label="Main">
    ${shop.nav.map((c) => `<a href="/collections/${esc(c.handle)}">${esc(c.title)}</a>`).join('\n    ')}
    <a href="/collections/all">All</a>
  </nav>
  <div class="site-header__search${theme ? '' : ' pkg-search-box'}">
    <form action="/search" method="get" role="search">
      <label class="visually-hidden" for="site-search">Search</label>
      <input id="site-search" type="search" name="${esc(theme?.termKey ?? 'q')}" placeholder="Search products" autocomplete="off"${theme?.searchBoxClass ? ` class="${esc(theme.searchBoxClass)}"` : ''}${q ? ` value="${esc(q)}"` : ''}>
      <button type="submit">Search</button>
    </form>
  </div>
  <div class="site-header__cart${theme ? '' : ' pkg-mini-cart-container'}"><a href="/cart">Cart</a></div>
</header>
<main id="main">
${body}
</main>
</body>
</html>
`;
}

function listingBody(heading, intro = '', after = '') {
  return `${heading === null ? '' : `<h1 class="page-title">${esc(heading)}</h1>\n`}${intro}
<div class="collection">
  <aside class="collection__sidebar pkg-tree-vertical pkg-desktop-only" aria-label="Filters"></aside>
  <div class="pkg-tree-vertical pkg-mobile-only"></div>
  <div class="collection__main">
    <div class="pkg-toolbar-container"></div>
    <div class="pkg-products-container"></div>
    <div class="pkg-pagination-container"></div>
  </div>
</div>${after}`;
}

/**
 * A collection page. With `themeViews`, the theme leaves the collection's title and description to
 * the loader's header (from `?view=desc`, S7.3), adds the in-collection search box (S4.16) and a
 * most-popular slider below (S7.5).
 */
export function collectionPage({ shop, assets, collection, tag = null, vendorOrType = null, filter = {}, legacy = false, themeViews = false, itemTemplates = false }) {
  const general = {
    collection_id: collection ? collection.id : 0,
    collection_handle: collection ? collection.handle : 'all',
    template: 'collection',
    current_tags: tag ? [tag] : [],
  };
  const heading = vendorOrType ? vendorOrType.value : tag ? `${collection ? collection.title : 'Products'}: ${tag}` : collection ? collection.title : 'All products';
  const body = themeViews
    ? listingBody(null, '<div class="pkg-collection-header-container"></div>\n<div class="pkg-collection-search-container"></div>', '\n<div class="pkg-most-popular-container"></div>')
    : listingBody(heading, collection?.description ? `<div class="collection__description">${collection.description}</div>` : '');
  return layout({ title: heading, shop, assets, legacy, settings: baseSettings(shop, general, filter), body: itemTemplates ? `${body}\n${ITEM_TEMPLATES}` : body });
}

/**
 * A theme's own product items as templates (S3.3, S4.17): one per display, filled in by the loader
 * with the product's fields (escaped; prices in the shop's money format).
 */
const ITEM_TEMPLATES = `<script type="text/template" data-pkg-item-template="grid">
<div class="theme-item theme-item--grid">
  <a class="theme-item__link" href="/products/{{product.handle}}"><img class="theme-item__image" src="{{product.featured_image}}" alt="" loading="lazy"><span class="theme-item__title">{{product.title}}</span></a>
  <p class="theme-item__meta"><span class="theme-item__vendor">{{product.vendor}}</span> · <span class="theme-item__type">{{product.product_type}}</span></p>
  <p class="theme-item__price">{{product.price_min}}</p>
</div>
</script>
<script type="text/template" data-pkg-item-template="list">
<div class="theme-item theme-item--list">
  <a class="theme-item__link" href="/products/{{product.handle}}"><span class="theme-item__title">{{product.title}}</span></a>
  <span class="theme-item__vendor">{{product.vendor}}</span>
  <span class="theme-item__price">{{product.price_min}}</span>
</div>
</script>`;

/**
 * The theme's own collection page without the add-on: what the F8.9 fallback (`?view=pf-original`)
 * lands on when the filter service fails, so the shopper still sees the products. Rendered on the
 * server from the engine's answer, with plain links for the pages; no settings, no loader.
 */
export function originalCollectionPage({ shop, assets, heading, products, page, pageCount, path }) {
  const link = (n) => `${esc(path)}?view=pf-original${n > 1 ? `&amp;page=${n}` : ''}`;
  const items = products
    .map((p) => `<li class="original-item"><a href="/products/${esc(p.handle)}">${esc(p.title)}</a> <span class="original-item__price">${money(p.price_min)}</span></li>`)
    .join('\n');
  const pages = pageCount > 1 ? `<nav aria-label="Pagination"><ul class="original-pagination">${Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => `<li><a href="${link(n)}"${n === page ? ' aria-current="page"' : ''}>${n}</a></li>`).join('')}</ul></nav>` : '';
  return layout({ title: heading, shop, assets, plain: true, settings: null, body: `<h1 class="page-title">${esc(heading)}</h1>\n<ul class="original-list">\n${items}\n</ul>\n${pages}` });
}

/**
 * The theme's own search results (F8.9's original view of the search page): a plain list with
 * numbered pages, the term in the heading, and the header's search box. When the engine refused
 * the term, the page says why and lists nothing.
 */
export function originalSearchPage({ shop, assets, q, products, total, page, limit, refused, path }) {
  const heading = q ? `Search results for “${q}”` : 'Search';
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const link = (n) => `${esc(path)}?q=${encodeURIComponent(q)}&amp;view=pf-original${n > 1 ? `&amp;page=${n}` : ''}`;
  const items = products
    .map((p) => `<li class="original-item"><a href="/products/${esc(p.handle)}">${esc(p.title)}</a> <span class="original-item__price">${money(p.price_min)}</span></li>`)
    .join('\n');
  const pages = pageCount > 1 ? `<nav aria-label="Pagination"><ul class="original-pagination">${Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => `<li><a href="${link(n)}"${n === page ? ' aria-current="page"' : ''}>${n}</a></li>`).join('')}</ul></nav>` : '';
  const status = refused
    ? `<p class="original-message" role="status">This search could not be run: ${esc(refused)} Try fewer or shorter words.</p>`
    : total === 0
      ? `<p class="original-message" role="status">No products matched “${esc(q)}”.</p>`
      : `<p class="original-message">${total} ${total === 1 ? 'product' : 'products'}</p>`;
  return layout({ title: heading, shop, assets, plain: true, settings: null, q, body: `<h1 class="page-title">${esc(heading)}</h1>\n${status}\n<ul class="original-list">\n${items}\n</ul>\n${pages}` });
}

/**
 * The no-result data a theme embeds in its search page (S3.12): suggested search terms and the
 * most popular products, in the platform's product JSON (prices in cents).
 */
export function noResultData(terms, products) {
  const cents = (n) => Math.round(Number(n) * 100);
  return {
    search_terms: terms,
    products: products.map((p) => {
      const prices = p.variants.map((v) => v.price);
      return { id: p.id, title: p.title, handle: p.handle, vendor: p.vendor, product_type: p.productType, available: p.variants.some((v) => v.available), price_min: cents(Math.min(...prices)), price_max: cents(Math.max(...prices)), images: (p.images ?? []).map((i) => i.src) };
    }),
  };
}

export function searchPage({ shop, assets, q, noResult = null }) {
  const heading = q ? `Search results for “${q}”` : 'Search';
  // The results area: the loader turns it into the products panel of the search tabs, or shows
  // the no-result view in its place when the search finds no product.
  const body = `<h1 class="page-title">${esc(heading)}</h1>
<div class="pkg-search-page-container">
${listingBody(null)}
</div>`;
  const head = noResult ? `<script type="application/json" id="pkg-no-result">${scriptJson(noResult)}</script>\n` : '';
  return layout({ title: heading, shop, assets, head, q, settings: baseSettings(shop, { template: 'search', search_term: q }), body });
}

export function homePage({ shop, assets, collections, featured, themes = [] }) {
  const body = `<h1 class="page-title">Welcome to ${esc(shop.title)}</h1>
<p>A demo shop on the in-memory engine: every listing below is filtered by <code>@pkg/loader</code>.</p>
<h2>Collections</h2>
<ul class="collection-grid">
${collections.map((c) => `  <li><a href="/collections/${esc(c.handle)}">${esc(c.title)}</a></li>`).join('\n')}
</ul>
<h2>Theme generations</h2>
<p>The same loader on unchanged themes of the original add-on, one page per settings source:</p>
<ul class="theme-generations">
${(themes ?? []).map((t) => `  <li><a href="/collections/${esc(t.handle)}">${esc(t.title)}</a></li>`).join('\n')}
</ul>
<h2>Featured</h2>
<ul class="product-grid">
${featured.map((p) => `  <li><a href="/products/${esc(p.handle)}">${p.images?.[0] ? `<img src="${esc(p.images[0].src)}" alt="" width="180" height="225">` : ''}<span>${esc(p.title)}</span></a></li>`).join('\n')}
</ul>`;
  return layout({ title: 'Home', shop, assets, settings: baseSettings(shop, { template: 'index' }), body });
}

export function productPage({ shop, assets, product, variant = null }) {
  // `?variant=<id>` (a listing's link to the variant that matched the shopper's options) opens on
  // that variant with its photo and price, as a shop's product page does; else the first available
  // one. Sold-out variants stay selectable: the back-in-stock form asks to be told when they are back.
  const picked = variant === null ? undefined : product.variants.find((v) => String(v.id) === variant);
  const chosen = picked ?? product.variants.find((v) => v.available) ?? product.variants[0];
  const price = picked ? picked.price : Math.min(...product.variants.map((v) => v.price));
  const img = picked?.image ? { src: picked.image } : product.images?.[0];
  const variants = product.variants
    .map((v) => `<option value="${esc(v.id)}" data-available="${v.available}"${v === chosen ? ' selected' : ''}>${esc(v.title)}${v.available ? '' : ' (sold out)'} – ${money(v.price)}</option>`)
    .join('');
  const soldOut = !chosen?.available;
  const body = `<article class="product" data-product-handle="${esc(product.handle)}">
  <div class="product__media">${img ? `<img src="${esc(img.src)}" alt="${esc(img.alt ?? product.title)}" width="${img.width ?? 360}" height="${img.height ?? 450}">` : ''}</div>
  <div class="product__info">
    <h1 class="product__title">${esc(product.title)}</h1>
    <p class="product__vendor"><a href="/collections/vendors?q=${encodeURIComponent(product.vendor ?? '')}">${esc(product.vendor)}</a></p>
    <p class="product__price">${money(price)}</p>
    <form class="product__form" action="/cart/add.js" method="post">
      <label for="variant">Variant</label>
      <select id="variant" name="id">${variants}</select>
      <input type="hidden" name="quantity" value="1">
      <button type="submit" name="add" class="product__add"${soldOut ? ' disabled' : ''}>Add to cart</button>
      <button type="submit" name="buy" class="product__buy"${soldOut ? ' disabled' : ''}>Buy it now</button>
    </form>
    <p class="product__status" role="status"></p>
    <div class="product__notify pkg-back-in-stock-container" data-product-id="${esc(product.id)}" data-variant-id="${esc(chosen?.id ?? '')}" data-available="${!soldOut}"></div>
    <div class="product__description">${product.bodyHtml ?? ''}</div>
    ${product.productType ? `<p>Type: <a href="/collections/types?q=${encodeURIComponent(product.productType)}">${esc(product.productType)}</a></p>` : ''}
    <ul class="product__tags">${(product.tags ?? []).filter((t) => !t.includes(':')).map((t) => `<li><a href="/collections/all/${esc(slugify(t))}">${esc(t)}</a></li>`).join('')}</ul>
  </div>
</article>
<div class="product__recent pkg-recently-viewed-container"></div>
<script>
// Theme script: the chosen variant tells the back-in-stock container which variant is shown and
// whether it is sold out (the loader's form follows); add to cart and buy now go through the cart
// JSON endpoint, are recorded by the loader's analytics queue, and refresh the header's mini cart.
document.querySelector('#variant').addEventListener('change', (e) => {
  const option = e.currentTarget.selectedOptions[0];
  const available = option.dataset.available === 'true';
  const notify = document.querySelector('.product__notify');
  notify.dataset.variantId = option.value;
  notify.dataset.available = String(available);
  for (const b of document.querySelectorAll('.product__add, .product__buy')) b.disabled = !available;
});
document.querySelector('.product__form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const buy = e.submitter && e.submitter.name === 'buy';
  const form = e.currentTarget;
  const res = await fetch('/cart/add.js', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(new FormData(form)) });
  const a = window.PkgLoader && window.PkgLoader.analytics;
  if (a) a.track(buy ? 'buy_now' : 'add_to_cart', ${scriptJson(String(product.id))}, window.PkgLoader.source);
  document.querySelector('.product__status').textContent = res.ok ? 'Added to cart.' : 'Could not add to cart.';
  if (window.PkgLoader && window.PkgLoader.cart) window.PkgLoader.cart.store.refresh();
  if (buy && res.ok) location.href = '/cart';
});
</script>`;
  return layout({ title: product.title, shop, assets, productId: product.id, settings: baseSettings(shop, { template: 'product', product_id: product.id }), body });
}

export function cartPage({ shop, assets, cart }) {
  const rows = (cart.items ?? []).map((i) => `<tr><td><a href="${esc(i.url ?? '#')}">${esc(i.product_title ?? i.title)}</a></td><td>${esc(i.variant_title ?? '')}</td><td>${esc(i.quantity)}</td><td>${money((i.line_price ?? 0) / 100)}</td></tr>`).join('');
  const body = `<h1 class="page-title">Cart</h1>
${rows ? `<table class="cart"><thead><tr><th>Product</th><th>Variant</th><th>Qty</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table><p class="cart__total">Total: ${money((cart.total_price ?? 0) / 100)}</p>` : '<p class="cart__empty">Your cart is empty.</p>'}
<p><a href="/cart.js">Cart JSON</a></p>`;
  return layout({ title: 'Cart', shop, assets, settings: baseSettings(shop, { template: 'cart' }), body });
}

export function notFoundPage({ shop, assets, what }) {
  return layout({ title: 'Not found', shop, assets, settings: baseSettings(shop, { template: '404' }), body: `<h1 class="page-title">Not found</h1><p>${esc(what)}</p><p><a href="/collections/all">Browse all products</a></p>` });
}
