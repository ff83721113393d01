import { useState } from 'react';
import { isStockPhoto, placeholderText } from './images.ts';

interface Props {
  src: string;
  name: string;
  /** Rendered size in CSS pixels (the files are 400 px wide, D28). */
  width?: number;
  height?: number;
  eager?: boolean;
  /** The page's main image (its largest paint): fetched ahead of the other images. */
  priority?: boolean;
  className?: string;
}

/** A product image that falls back to a placeholder with the first 10 characters of the name (§4). */
export default function ProductImage({ src, name, width = 400, height = 400, eager = false, priority = false, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed || isStockPhoto(src)) {
    return (
      <div
        role="img"
        aria-label={name}
        className={`flex items-center justify-center bg-gradient-to-br from-brand-100 to-brand-50 p-4 text-center text-xl font-bold text-brand-800 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        {placeholderText(name)}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={name}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
