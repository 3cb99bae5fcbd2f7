import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { workspaceQueries } from '../workspaces/queries';

/** `system` leaves the choice to `prefers-color-scheme`; light or dark pin `color-scheme` (styles.css). */
export function useTheme(): void {
  const theme = useQuery(workspaceQueries.preferences()).data?.theme ?? 'system';
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
}
