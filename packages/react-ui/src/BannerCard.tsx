import type { Banner } from '@pkg/core-filter';

/**
 * A merchandising banner, in the grid and in the suggestion dropdown: its image and text, a link
 * when it has one. The text is rendered as text, never as markup; it names the link, and the image
 * is then decorative. An image alone carries the banner's name as its alt text.
 */
export function BannerCard({ banner }: { banner: Banner }) {
  const body = (
    <>
      {banner.image && <img className="pkg-banner__image" src={banner.image} alt={banner.text ? '' : banner.name} loading="lazy" decoding="async" />}
      {banner.text && <span className="pkg-banner__text">{banner.text}</span>}
    </>
  );
  return banner.link ? (
    <a className="pkg-banner" href={banner.link}>
      {body}
    </a>
  ) : (
    <div className="pkg-banner">{body}</div>
  );
}
