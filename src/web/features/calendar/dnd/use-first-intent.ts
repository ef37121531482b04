import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { DragSources } from './context';
import type { DropZones } from './drop-zones';
import { DRAG_KEYS } from './intent';
import { PendingKey, PendingPress, type DragLayerHandle } from './pending';

/**
 * The draggables' way to the drag code, which is not in the calendar's arrival bundle (decision 051).
 * Once it is there (`layer` set), presses and keys go straight to it, in the same event, as before. Until
 * then the first press or pick-up key fetches it and waits: replayed when the code has arrived, with what
 * the pointer or the keys did meanwhile. `takeEarlyKeys` is how the keyboard sensor collects those keys.
 */
export function useFirstIntent(layer: RefObject<DragLayerHandle | null>, loaded: boolean, load: () => Promise<unknown>, zones: DropZones) {
  const pending = useRef<PendingPress | PendingKey | null>(null);
  /** A replayed pick-up whose held keys the keyboard sensor has not taken yet. */
  const handedKeys = useRef<PendingKey | null>(null);

  const sources = useMemo<DragSources>(() => {
    const forget = (p: PendingPress | PendingKey) => {
      if (pending.current === p) pending.current = null;
    };
    const wait = (p: PendingPress | PendingKey) => {
      pending.current = p;
      void load().then((m) => {
        // The fetch failed: the press or key did nothing, as if it had missed; the next reach tries again.
        if (!m && pending.current === p) {
          p.cancel();
          forget(p);
        }
      });
    };
    return {
      reach: () => void load(),
      pointerDown(e, start) {
        if (layer.current) return layer.current.pointerDown(e, start);
        if (pending.current || e.button !== 0 || !e.isPrimary) return;
        const press: PendingPress = new PendingPress(start, e.nativeEvent, zones, () => forget(press));
        wait(press);
      },
      keyDown(e, start) {
        if (layer.current) return layer.current.keyDown(e, start);
        if (pending.current) return e.defaultPrevented;
        if (!(DRAG_KEYS.start as readonly string[]).includes(e.code)) return false;
        // As dnd-kit does on a pick-up: no page scroll, no click on the pill.
        e.preventDefault();
        wait(new PendingKey(start, e.code, e.key));
        return true;
      },
    };
  }, [layer, load, zones]);

  // Runs after the layer's own effects (dnd-kit's included): the code is ready to take the replay.
  useEffect(() => {
    const p = pending.current;
    if (!loaded || !p || !layer.current) return;
    pending.current = null;
    if (p instanceof PendingPress) return p.handOver(layer.current);
    handedKeys.current = p;
    if (!p.handOver(layer.current)) handedKeys.current = null;
  }, [loaded, layer]);

  useEffect(
    () => () => {
      pending.current?.cancel();
      handedKeys.current?.cancel();
    },
    [],
  );

  const takeEarlyKeys = useCallback(() => {
    const p = handedKeys.current;
    handedKeys.current = null;
    return p ? p.take() : [];
  }, []);

  return { sources, takeEarlyKeys };
}
