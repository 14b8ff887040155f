import type { TourPicture as Picture } from '@tours/domain/contracts/catalogue';

type Format = Picture['variants'][number]['format'];

/**
 * A tour picture as the browser should fetch it: AVIF where supported, else
 * WebP, else (an uploaded picture has one) JPEG, at the width the layout
 * needs (`sizes`). Width and height reserve the space before it loads.
 * Pictures above the fold load at once (`priority`); the rest wait until
 * they are scrolled near.
 */
export function TourPicture({ picture, sizes, priority = false, className }: { picture: Picture; sizes: string; priority?: boolean; className?: string }) {
  const of = (format: Format) => picture.variants.filter((variant) => variant.format === format);
  const srcSet = (format: Format) =>
    of(format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  const jpeg = of('jpeg');
  // The <img> is what a browser without the <source>s' formats shows: JPEG where the picture has it, else WebP.
  const fallbackFormat = jpeg.length > 0 ? 'jpeg' : 'webp';
  const fallbacks = of(fallbackFormat);
  // The fallback <img> takes a middle width: small enough for a phone, sharp enough for a card.
  const fallback = fallbacks.find((variant) => variant.width >= 960) ?? fallbacks.at(-1) ?? picture.variants[0];
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={fallback?.url}
        {...(jpeg.length > 0 ? { srcSet: srcSet('jpeg'), sizes } : {})}
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
