import { Dialog } from '../shared-ui/Dialog';
import { useUiStore } from '../state/ui-store';
import { goToKeys } from './useShortcuts';

export const shortcuts: [keys: string, what: string][] = [
  [
    'Ctrl K  /  ⌘ K',
    'Go to or do anything: the actions of the screen on view, every screen, deals, calls, reps, saved searches',
  ],
  ['/', 'Search every transcript (outside text fields)'],
  ['?', 'Show these shortcuts'],
  ...Object.entries(goToKeys).map(([key, { screen }]): [string, string] => [
    `G  then  ${key.toUpperCase()}`,
    `Go to ${screen}`,
  ]),
  ['J  /  K', 'Next / previous row or card of the list on view'],
  ['↑  ↓', 'Move through search results'],
  ['Enter', 'Open the selected result at its moment in the call'],
  ['Ctrl S  /  ⌘ S', 'In search: save the search under a name (its text and filters)'],
  ['Delete', 'In search, with the box empty: remove the selected saved search'],
  ['Esc', 'Close search, dialogs and this help'],
  ['Enter  /  Shift Enter', 'Next / previous match in “Find in transcript”'],
  ['←  →', 'Switch between tabs on a call'],
  ['E', 'Export the call on view: transcript or summary and checklist'],
  ['E', 'On a deal: save its review pack (Markdown, a callscope:// link on every claim)'],
  ['Shift E', 'On a deal: save its review pack as a page that prints to PDF (HTML)'],
  ['L', 'Copy a link to the marked transcript line (callscope://…)'],
  ['I', 'Show the call’s talk time and statistics'],
  ['A', 'Pipeline: show only deals at risk (their warnings are set in Workspace and key)'],
  ['M', 'Pipeline: my deals only, or everyone’s again'],
  ['O', 'Pipeline: move to “Sort cards”; calls: to the sorted column’s header (Enter turns the order)'],
  ['Enter', 'Roll-up: list the deals of the cell in focus (Esc closes the list)'],
  ['C  /  B  /  X', 'Roll-up, on a deal’s row: your call Commit / Best case / Omit'],
  ['Delete', 'Roll-up, on a deal’s row: remove your call and amount (back to the model)'],
  ['E  /  Shift E', 'Roll-up: save the review pack of the focused cell’s deals (Markdown / for print)'],
  ['Ctrl Z  /  ⌘ Z', 'Undo the change the notice at the bottom names, while it shows'],
  ['B', 'What changed: move to “Since” (my last look, last Monday, a bookmark, a date)'],
  ['J  /  K  then  Enter', 'What changed: step through the changes; Enter opens the deal or the call'],
  ['Enter', 'Team: open the focused member’s page (their deals, calls and figures)'],
  ['←  →  ↑  ↓  /  J  K', 'Checklist matrix: move between cells'],
  ['Enter', 'Checklist matrix: list the calls where the cell’s item was not met'],
  ['Esc', 'Checklist matrix: close a cell’s calls, back to the cell'],
  ['A', 'Trackers: add a tracker (its phrases, whose lines, which calls)'],
  ['E  /  Delete', 'Trackers: edit / remove the tracker on view (Ctrl Z undoes)'],
  ['J  /  K  then  Enter', 'Trackers: step through trackers, weeks, reps and deals; Enter lists the hits'],
  ['Esc', 'Trackers: close the hits, back to the row'],
  ['1  /  2  /  3', 'Review queue, on a call: reviewed / add to the rep’s next 1:1 / dismiss'],
  ['H', 'Review queue, on a call: snooze it to a date (it comes back that day)'],
  ['N', 'Review queue, on a call: write a private note on it'],
  ['J  /  K  then  Enter', 'Review queue: step through the calls; Enter opens the call'],
  ['N', 'A private note on the marked transcript line (else the call), the deal or the rep on view'],
  ['Ctrl Enter', 'In a note: save it'],
  ['P', 'On a rep’s page: their 1:1 brief (since the last 1:1, action items, copy or save as Markdown)'],
  ['A', 'Notifications: write a rule'],
  ['J  /  K  then  Enter  /  Delete', 'Notifications: step through the rules; Enter edits one, Delete removes it'],
  ['1', 'On a call: mark it reviewed (it leaves the review queue; Ctrl Z undoes)'],
  ['2', 'On a deal: add it to its owner’s next 1:1 (Ctrl Z undoes)'],
  ['H', 'Pipeline card or a deal’s warning: snooze a warning until tomorrow, next Monday or a day (Ctrl Z undoes)'],
  ['Tab  /  Shift Tab', 'Move between links, buttons and fields'],
];

export function ShortcutHelp() {
  const open = useUiStore((state) => state.helpOpen);
  const setOpen = useUiStore((state) => state.setHelpOpen);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
      <table className="table compact shortcuts">
        <caption className="visually-hidden">Keyboard shortcuts</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {shortcuts.map(([keys, what]) => (
            <tr key={`${keys} ${what}`}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
