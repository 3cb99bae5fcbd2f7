import { Link } from '../navigation/router';
import { paths } from '../navigation/routes';
import type { Coverage } from './copy-coverage';

/** What a coaching section says of the local copy it was worked out from; nothing when it holds it all. */
export function CopyNote({ coverage }: { coverage: Coverage }) {
  if (!coverage.note) return null;
  return (
    <p
      className={coverage.figures ? 'copy-note muted small' : 'copy-note'}
      role={coverage.figures ? undefined : 'status'}
    >
      {coverage.note}
      {!coverage.figures && (
        <>
          {' '}
          <Link to={paths.settings()}>Workspace and key</Link>
        </>
      )}
    </p>
  );
}
