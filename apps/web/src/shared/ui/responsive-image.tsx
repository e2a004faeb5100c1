import { IMAGE_VARIANT_WIDTHS, type Image } from '@atelier/shared';

interface ResponsiveImageProps {
  image: Image;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  className?: string;
}

/** Server WebP variants (thumb 320w, medium 800w, large 1600w) offered through srcset. */
export function ResponsiveImage({ image, alt, sizes, priority, className }: ResponsiveImageProps) {
  const srcSet = `${image.thumb} ${IMAGE_VARIANT_WIDTHS.thumb}w, ${image.medium} ${IMAGE_VARIANT_WIDTHS.medium}w, ${image.large} ${IMAGE_VARIANT_WIDTHS.large}w`;
  const width = image.width ?? IMAGE_VARIANT_WIDTHS.medium;
  const height = image.height ?? Math.round((width * 4) / 5);
  return (
    <img
      src={image.medium}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      className={className}
    />
  );
}
