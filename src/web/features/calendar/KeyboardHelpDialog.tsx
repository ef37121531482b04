import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

const ROWS: ReadonlyArray<readonly [string, string]> = [
  ['T', 'Go to today'],
  ['M', 'Month view'],
  ['W', 'Week view'],
  ['D', 'Day view'],
  ['C', 'Wallchart view'],
  ['?', 'Show this list'],
  ['Arrow keys', 'Move between days in the month and week grids'],
  ['Home / End', 'First or last day of the week row'],
  ['Enter', 'Open the focused day, or the focused exception or note'],
  ['Enter (wallchart)', "Edit the focused cell's exception, or add one for that employee and day; on a name, open the employee's page"],
  ['Shift + Left / Right (wallchart)', 'Choose several days of the row; Enter adds an exception over them, Escape lets go'],
  ['Space', 'Pick up an exception, note or employee; arrows move it, Space or Enter drops it, Escape cancels'],
  ['Escape', 'Close a dialog or the side panel'],
];

/**
 * The calendar's keyboard help (`?`). The letter shortcuts work only while focus is in the calendar, so
 * typing elsewhere on the page never triggers them (WCAG 2.1.4, decision 044).
 */
export function KeyboardHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="The letter keys work while focus is in the calendar (its toolbar or grid)."
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Calendar keyboard shortcuts</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Key
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([key, action]) => (
            <tr key={key} className="border-b border-border last:border-0">
              <td className="py-1.5 pr-3 align-top whitespace-nowrap">
                <kbd className="rounded border border-input bg-muted px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
              </td>
              <td className="py-1.5">{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
