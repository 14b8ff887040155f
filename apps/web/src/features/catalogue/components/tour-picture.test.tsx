import { render } from '@testing-library/react';
import type { TourPicture as Picture } from '@tours/domain/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { TourPicture } from './tour-picture.tsx';

const picture = (formats: readonly ('avif' | 'webp' | 'jpeg')[]): Picture => ({
  alt: 'The golden hall',
  width: 1440,
  height: 900,
  variants: formats.flatMap((format) => [480, 960, 1440].map((width) => ({ format, width, url: `/api/media/tours/x.1-${width}.${format}` }))),
});

describe('a tour picture', () => {
  it('offers AVIF, then WebP, with a WebP <img> for the demo’s pictures', () => {
    const { container } = render(<TourPicture picture={picture(['avif', 'webp'])} sizes="100vw" />);
    expect([...container.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/media/tours/x.1-960.webp');
    expect(img.getAttribute('srcset')).toBeNull();
  });

  it('falls back to JPEG, at every width, for an uploaded picture', () => {
    const { container } = render(<TourPicture picture={picture(['avif', 'webp', 'jpeg'])} sizes="(min-width: 60rem) 50vw, 100vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/api/media/tours/x.1-960.jpeg');
    expect(img.getAttribute('srcset')).toBe('/api/media/tours/x.1-480.jpeg 480w, /api/media/tours/x.1-960.jpeg 960w, /api/media/tours/x.1-1440.jpeg 1440w');
    expect(img.getAttribute('sizes')).toBe('(min-width: 60rem) 50vw, 100vw');
    expect(container.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).not.toContain('jpeg');
  });
});
