import { DND_INSTRUCTIONS_ID } from './context';

const INSTRUCTIONS =
  'To pick up an employee, note template, exception or note, press the space bar. While dragging, use the left and right arrow keys to move by a day and up and down to move by a week. Press space or enter to drop it on that day, or press escape to cancel.';

/**
 * The drag instructions the draggables are described by, and the live region that announces a drag
 * (dnd-kit's markup). Drawn with the calendar rather than by dnd-kit, whose code arrives later (decision
 * 051): a live region added just before its first message is often not read out.
 */
export function DragScreenReaderText({ announcement }: { announcement: string }) {
  return (
    <>
      <div id={DND_INSTRUCTIONS_ID} hidden>
        {INSTRUCTIONS}
      </div>
      <div role="status" aria-live="assertive" aria-atomic className="sr-only">
        {announcement}
      </div>
    </>
  );
}
