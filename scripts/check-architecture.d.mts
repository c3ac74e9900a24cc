export type Finding =
  | { rule: 'no-room-cycle'; rooms: string[]; imports: string[] }
  | { rule: string; from: string; to: string };
export function checkArchitecture(root: string): Promise<{ findings: Finding[]; rooms: string[]; modules: number }>;
export function describeFinding(finding: Finding): string;
