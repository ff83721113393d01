import { useEffect, useState } from 'react';
import { toNyWallTime } from '../../lib/ny-time.ts';
import { statesToday } from './landing.api.ts';
import { statusLine } from './state-status.ts';

interface Props {
  /** The state's postal code: DC, MD, VA. */
  code: string;
  /** The paragraph's classes; give it a min-height of one line. */
  className?: string;
}

/**
 * D38: one state's line on a static page ("DC: for registered medical patients."), read from the
 * API when the page is shown, since the owner changes what a state allows without a release. The
 * page itself says nothing about the state until then (no script, or no answer: the line stays
 * empty and the link to the state's page says the rest).
 */
export default function StateStatusLine({ code, className = '' }: Props) {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    void statesToday().then((states) => {
      const state = states?.find((s) => s.code === code);
      if (shown && state) setLine(statusLine(state, toNyWallTime(Date.now()).slice(0, 10)));
    });
    return () => {
      shown = false;
    };
  }, [code]);
  // Always a paragraph, empty until the line is known: it keeps the line's room (no shift when it
  // arrives), and gives client:visible an element to watch.
  return <p className={className}>{line}</p>;
}
