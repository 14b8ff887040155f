import type { TourPicture as Picture } from '@tours/domain/contracts/catalogue';

/**
 * A tour picture as the browser should fetch it: AVIF where supported, else
 * WebP, at the width the layout needs (`sizes`). Width and height reserve the
 * space before it loads. Pictures above the fold load at once (`priority`);
 * the rest wait until they are scrolled near.
 */
export function TourPicture({ picture, sizes, priority = false, className }: { picture: Picture; sizes: string; priority?: boolean; className?: string }) {
  const srcSet = (format: 'avif' | 'webp') =>
    picture.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  const webp = picture.variants.filter((variant) => variant.format === 'webp');
  // The fallback <img> takes a middle width: small enough for a phone, sharp enough for a card.
  const fallback = webp.find((variant) => variant.width >= 960) ?? webp.at(-1) ?? picture.variants[0];
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={fallback?.url}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
