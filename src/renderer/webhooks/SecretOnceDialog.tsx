import type { CreatedWebhookEndpoint } from '../../shared/api';
import { CopyButton } from '../shared-ui/CopyButton';
import { Dialog } from '../shared-ui/Dialog';

/** The signing secret exists only in the creation response (interface, Webhooks): show it once, plainly. */
export function SecretOnceDialog({
  endpoint,
  onClose,
}: {
  endpoint: CreatedWebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={endpoint !== null} onClose={onClose} title="Copy the signing secret now">
      {endpoint && (
        <div className="dialog-body">
          <p>
            Your endpoint <code>{endpoint.url}</code> verifies deliveries with this secret.{' '}
            <strong>It will not be shown again.</strong> If it is lost, delete the endpoint and add it again.
          </p>
          <p className="secret">
            <code>{endpoint.secret}</code>
            <CopyButton value={endpoint.secret} label="Copy signing secret" />
          </p>
          <div className="actions">
            <button type="button" className="button primary" onClick={onClose}>
              I have stored it
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
