import { useEffect, useRef } from 'react';
import { SESSION_IDLE_MS } from '../../../shared/domain/session';

/** The server's idle timeout, so the app signs out when the server would stop answering. */
export const IDLE_LIMIT_MS = SESSION_IDLE_MS;
const EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart'] as const;

/** Spec §4: no mouse, key, scroll or touch activity for 9 hours logs the user out. */
export function useIdleLogout(onIdle: () => void, enabled: boolean) {
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    last.current = Date.now();
    const touch = () => {
      last.current = Date.now();
    };
    EVENTS.forEach((e) => window.addEventListener(e, touch, { passive: true, capture: true }));
    const timer = window.setInterval(() => {
      if (Date.now() - last.current >= IDLE_LIMIT_MS) onIdle();
    }, 60 * 1000);
    return () => {
      EVENTS.forEach((e) => window.removeEventListener(e, touch, { capture: true }));
      window.clearInterval(timer);
    };
  }, [enabled, onIdle]);
}
