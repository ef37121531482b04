import { inShownDays } from './drop-area';
import { dayAt, type Point } from './intent';

export interface DropZone {
  date: string;
  node: HTMLElement;
}

/**
 * The days' drop overlays, as the calendar draws them. The drag code (loaded later, decision 051) makes
 * them dnd-kit droppables while something is dragged; a drag that ended before that code arrived finds
 * its day here.
 */
export class DropZones {
  private zones: readonly DropZone[] = [];
  private readonly listeners = new Set<() => void>();

  /** Registers a drawn zone; returns its removal (a React ref cleanup). */
  add(date: string, node: HTMLElement): () => void {
    this.set([...this.zones, { date, node }]);
    return () => this.set(this.zones.filter((z) => z.node !== node));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The zones now drawn; a new array after each change (a `useSyncExternalStore` snapshot). */
  list = () => this.zones;

  /** The day whose zone is under the point, if any. */
  dayAt(point: Point): string | undefined {
    return dayAt(
      point,
      this.zones.filter((z) => inShownDays(z.node, point)).map((z) => ({ date: z.date, rect: z.node.getBoundingClientRect() })),
    );
  }

  private set(zones: readonly DropZone[]) {
    this.zones = zones;
    this.listeners.forEach((l) => l());
  }
}
