import type { Image } from '@atelier/shared';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { ResponsiveImage } from './responsive-image';

interface GalleryProps {
  images: Image[];
  /** Which photo shows first; the caller keys the gallery by item so a new item starts here again. */
  initialIndex?: number;
  /** Alt text of the large photo (1-based number). */
  alt: (number: number) => string;
  /** `sizes` of the large photo. */
  sizes: string;
  /** Shape and placeholder colour of the frame, e.g. `aspect-square bg-blush-50`. */
  frameClassName: string;
  /** Thumbnails grow to 80 px from the `sm` breakpoint (64 px otherwise). */
  largeThumbs?: boolean;
}

/** One large photo and a row of thumbnail buttons that switch it (product and portfolio dialogs). */
export function Gallery({ images, initialIndex = 0, alt, sizes, frameClassName, largeThumbs }: GalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(() => Math.min(Math.max(initialIndex, 0), Math.max(images.length - 1, 0)));
  const image = images[index];
  const thumbSize = largeThumbs ? 80 : 64;

  return (
    <div>
      <div className={`overflow-hidden rounded-2xl ${frameClassName}`}>
        {image ? (
          <ResponsiveImage
            image={image}
            alt={alt(index + 1)}
            sizes={sizes}
            priority
            className="size-full object-cover"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('common.gallery.thumbnails')}>
          {images.map((thumb, thumbIndex) => (
            <li key={thumb.url}>
              <button
                type="button"
                onClick={() => setIndex(thumbIndex)}
                aria-label={t('common.gallery.showPhoto', { number: thumbIndex + 1 })}
                aria-current={thumbIndex === index ? 'true' : undefined}
                className={`block size-16 overflow-hidden rounded-xl border-2 border-transparent opacity-80 transition hover:opacity-100 aria-[current=true]:border-rose-600 aria-[current=true]:opacity-100 ${largeThumbs ? 'sm:size-20' : ''}`}
              >
                <img
                  src={thumb.thumb}
                  alt=""
                  width={thumbSize}
                  height={thumbSize}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
