import { OPEN_LINK_PARAM, parseCallscopeLink } from '../../shared/moment-link';
import { pathTo } from './routes';

/**
 * A page opened with `?open=callscope://call/<id>?t=<seconds>` or `?open=callscope://deal/<id>`
 * (browser mode's address, or the desktop window started by a link) goes to that moment or deal. The parameter leaves the address at
 * once, so a reload does not jump again; a link that is not exactly a moment link opens nothing.
 */
export function openLinkFromAddress(): void {
  const url = new URL(window.location.href);
  const link = url.searchParams.get(OPEN_LINK_PARAM);
  if (link === null) return;
  url.searchParams.delete(OPEN_LINK_PARAM);
  const target = parseCallscopeLink(link);
  const hash = target ? `#${pathTo(target)}` : url.hash;
  window.history.replaceState(window.history.state, '', url.pathname + url.search + hash);
  if (!target)
    console.warn(
      'Callscope ignored a link that is not a callscope://call/<id>?t=<seconds> or callscope://deal/<id> link.',
    );
}
