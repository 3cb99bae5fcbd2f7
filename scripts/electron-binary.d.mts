export function findElectronBinary(): { path: string } | { reason: string };
