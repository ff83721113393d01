import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width a chart's box has, in CSS pixels, kept up to date as the box resizes. The charts draw
 * their SVG in these units (viewBox width = box width), so text keeps its size on a phone and on a
 * wide screen instead of being scaled with the drawing.
 */
export function useChartWidth<E extends HTMLElement>(fallback = 480) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
