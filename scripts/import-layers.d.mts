export interface Unit {
  unit: string;
  what: string;
  allow: string[];
  tests?: string[];
  files?: string[];
  testCode?: boolean;
}
export interface Side {
  side: string;
  what: string;
  uses: string[];
  testKits: string[];
  containers?: string[];
  bans: { group: string[]; message: string; except?: string[] }[];
  units: Unit[];
}
export const layers: Side[];
export function importOverrides(table?: Side[]): unknown[];
export function placementProblems(srcDir: string, table?: Side[]): string[];
