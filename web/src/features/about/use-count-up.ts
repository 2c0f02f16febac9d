import { useEffect, useRef, useState } from 'react';

import { countUp } from './count-up';

/** Counts from 0 to `target` over `durationMs` once at least half of the element is visible. */
export function useCountUp<TElement extends Element>(target: number, durationMs = 2000) {
  const ref = useRef<TElement | null>(null);
  const [value, setValue] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let stop = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        stop = countUp(target, durationMs, setValue);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      stop();
    };
  }, [target, durationMs]);

  return { ref, value };
}
