import type { Image } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { Modal } from '../../../shared/ui/modal';
import { ResponsiveImage } from '../../../shared/ui/responsive-image';

interface ProductGalleryProps {
  images: Image[];
  /** Alt text of photo `number` (1-based). */
  alt: (number: number) => string;
  /** `sizes` of a photo in the strip. */
  sizes: string;
}

/**
 * Every photo of a product in one strip that snaps photo by photo (a swipe on a phone, the arrow
 * keys once the strip has focus, before any script runs), thumbnails that bring a photo into view,
 * and a larger view of a photo on click or tap.
 */
export function ProductGallery({ images, alt, sizes }: ProductGalleryProps) {
  const { t } = useTranslation();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);

  // The photo most in view is the current one (thumbnails mark it).
  useEffect(() => {
    const list = strip.current;
    if (!list || images.length < 2) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setCurrent(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root: list, threshold: 0.6 },
    );
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [images.length]);

  const show = (index: number) => {
    const item = strip.current?.children[index] as HTMLElement | undefined;
    strip.current?.scrollTo({ left: item?.offsetLeft ?? 0, behavior: 'smooth' });
    setCurrent(index);
  };

  if (images.length === 0) return <div className="aspect-square rounded-2xl bg-blush-50" />;
  const zoomedImage = zoomed === null ? undefined : images[zoomed];

  return (
    <div className="min-w-0">
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls by the arrow keys once focused
        tabIndex={0}
        aria-label={t('shop.page.gallery', { count: images.length })}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl bg-blush-50 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-rose-600"
      >
        {images.map((image, index) => (
          <li key={image.url} data-index={index} className="aspect-square w-full shrink-0 snap-center">
            <button
              type="button"
              onClick={() => setZoomed(index)}
              className="block size-full cursor-zoom-in"
              aria-label={t('shop.page.zoom', { number: index + 1 })}
            >
              <ResponsiveImage
                image={image}
                alt={alt(index + 1)}
                sizes={sizes}
                priority={index === 0}
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={t('shop.page.thumbnails')}>
          {images.map((thumb, index) => (
            <li key={thumb.url} className="shrink-0">
              <button
                type="button"
                onClick={() => show(index)}
                aria-label={t('common.gallery.showPhoto', { number: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                className="block size-14 overflow-hidden rounded-xl border-2 border-transparent opacity-80 transition hover:opacity-100 aria-[current=true]:border-rose-600 aria-[current=true]:opacity-100 sm:size-16"
              >
                <img
                  src={thumb.thumb}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Modal
        open={zoomedImage !== undefined}
        onOpenChange={(open) => !open && setZoomed(null)}
        title={alt((zoomed ?? 0) + 1)}
        size="xl"
      >
        {zoomedImage && zoomed !== null ? (
          <div className="flex flex-col gap-3">
            <img
              src={zoomedImage.large}
              alt={alt(zoomed + 1)}
              width={zoomedImage.width ?? 1600}
              height={zoomedImage.height ?? 1600}
              className="max-h-[75vh] w-full rounded-2xl object-contain"
            />
            {images.length > 1 ? (
              <div className="flex items-center justify-between gap-3">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => setZoomed((zoomed + images.length - 1) % images.length)}
                >
                  <ChevronLeftIcon className="size-4" aria-hidden />
                  {t('shop.previous')}
                </button>
                <span className="text-sm text-muted">
                  {t('shop.page.photoCount', { number: zoomed + 1, count: images.length })}
                </span>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() => setZoomed((zoomed + 1) % images.length)}
                >
                  {t('shop.next')}
                  <ChevronRightIcon className="size-4" aria-hidden />
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
