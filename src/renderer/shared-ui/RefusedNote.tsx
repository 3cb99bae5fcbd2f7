/** Why an action's button is off: the service refused it to this key (refused-actions.ts). */
export function RefusedNote({ id, action, reason }: { id: string; action: string; reason: string | null }) {
  if (reason === null) return null;
  return (
    <p id={id} className="muted small refused-note">
      {action} is off: the service refused it to this workspace’s key (“{reason}”).
    </p>
  );
}
